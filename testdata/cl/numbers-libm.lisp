; The irrational functions of doubles give glibc's (SBCL's) answers to the
; last bit: exp, log, expt, sin, cos, tan, asin, acos, atan correctly
; rounded, the hyperbolic functions by fdlibm's formulas.
(let ((s 42))
  (dolist (fn '(sin cos tan asin acos atan exp log sinh cosh tanh asinh acosh atanh))
    (dotimes (i 40)
      (setf s (mod (+ (* s 1103515245) 12345) 2147483648))
      (let* ((u (/ (float s 1d0) 2147483648d0))
             (x (case fn ((asin acos atanh) (- (* 2 u) 1)) ((acosh) (+ 1 (* 10 u))) ((log) (* 100 u)) (t (- (* 20 u) 10)))))
        (format t "~a ~s ~s~%" fn x (funcall fn x))))))
(let ((s 7))
  (dotimes (i 40)
    (setf s (mod (+ (* s 1103515245) 12345) 2147483648))
    (let* ((u (/ (float s 1d0) 2147483648d0)) (b (* 50 u)) (p (- (* 10 (/ (float (mod (* s 31) 1000) 1d0) 1000d0)) 5)))
      (format t "expt ~s ~s ~s ~s~%" b p (expt b p) (atan b p)))))
(print (list (sin 1.0) (cos 1.0) (tan 1.0) (acos 0.5) (asin 0.5) (atan 1.0 -1.0) (exp 1.0) (log 10.0) (expt 2.0 0.5) (expt 10.0 0.3)))
(print (list (sin 1d5) (cos 1d-10) (sin 1d-30) (exp 700.0) (exp -700.0) (log 1d-300) (sinh 710.0) (cosh -3.0) (tanh 30.0)))
(print (list (exp #c(0.0 3.141592653589793)) (log #c(-1.0 0.0)) (cis 1.0) (phase #c(1.0 1.0))))
; ffloor and its kin keep a zero quotient's sign, except fround
(print (list (multiple-value-list (ffloor -0.0)) (multiple-value-list (fceiling -0.5)) (multiple-value-list (ftruncate -0.5))
             (multiple-value-list (fround -0.5)) (multiple-value-list (fceiling -1 2.0)) (multiple-value-list (ffloor 5.0 -0.0001))))
