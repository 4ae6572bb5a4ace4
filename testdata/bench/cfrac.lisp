;; Continued fractions over exact ratios. sqrt 2 is [1; 2, 2, 2, ...];
;; folding the terms from the innermost one out adds and divides ratios
;; whose numerator and denominator grow by about 0.38 decimal digits a term.
(defun sqrt2-convergent (terms)
  (let ((x 0))
    (dotimes (i terms (+ 1 x))
      (setf x (/ 1 (+ 2 x))))))

;; The golden ratio is [1; 1, 1, ...]; iterating x <- 1 + 1/x from 1 makes
;; the convergents forwards, each a ratio of consecutive Fibonacci numbers.
(defun golden-convergents (terms)
  (loop repeat terms
        for x = 1 then (+ 1 (/ 1 x))
        finally (return x)))

;; e is [2; 1, 2, 1, 1, 4, 1, 1, 6, ...]: the k-th term after the first is
;; 2(k+1)/3 when k mod 3 is 2, else 1.
(defun e-term (k)
  (if (= (mod k 3) 2) (/ (* 2 (+ k 1)) 3) 1))

(defun e-convergent (terms)
  (let ((x 0))
    (loop for k from (1- terms) downto 1
          do (setf x (/ 1 (+ (e-term k) x))))
    (+ 2 x)))

(let ((r (sqrt2-convergent 10000)))
  (print (integer-length (numerator r)))
  (print (integer-length (denominator r)))
  (print (float r 1d0))
  (print (mod (numerator r) 1000000007)))

(let ((r (golden-convergents 10000)))
  (print (integer-length (numerator r)))
  (print (float r 1d0))
  ;; r = F(n+1)/F(n), so r^2 - r - 1 = (-1)^n / F(n)^2.
  (print (* (- (* r r) r 1) (expt (denominator r) 2))))

(let ((r (e-convergent 2000)))
  (print (integer-length (denominator r)))
  (print (float r 1d0))
  (print (mod (denominator r) 1000000007)))
