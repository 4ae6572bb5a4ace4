;; adjust-array: an adjustable vector changes in place, keeping its
;; elements; new ones take the initial element; a fill pointer is kept
;; or set; initial contents replace everything; a matrix keeps the
;; elements at the subscripts both shapes have.
(let* ((v (make-array 3 :adjustable t :initial-contents '(a b c)))
       (w (adjust-array v 5 :initial-element 'z)))
  (print (list (eq v w) v (length v) (adjustable-array-p v))))

(let* ((v (make-array 5 :adjustable t :initial-contents '(1 2 3 4 5))))
  (adjust-array v 2)
  (print v))

(let ((v (make-array 4 :adjustable t :fill-pointer 2 :initial-contents '(1 2 3 4))))
  (adjust-array v 6 :initial-element 0)
  (print (list v (fill-pointer v) (array-total-size v) (aref v 3)))
  (adjust-array v 8 :fill-pointer t :initial-element 9)
  (print (list v (fill-pointer v)))
  (adjust-array v 3 :fill-pointer 1)
  (print (list v (fill-pointer v) (array-total-size v))))

(let ((v (make-array 2 :adjustable t :fill-pointer 0)))
  (vector-push-extend 'x v)
  (adjust-array v 10)
  (vector-push 'y v)
  (print (list v (array-total-size v))))

(let ((v (make-array 3 :adjustable t :initial-element 0)))
  (adjust-array v 4 :initial-contents '(p q r s))
  (print v))

(let* ((s (make-array 3 :element-type 'character :adjustable t :initial-contents "abc"))
       (s2 (adjust-array s 6 :initial-element #\-)))
  (print (list (eq s s2) s (stringp s))))

(let ((s (make-array 5 :element-type 'character :adjustable t :fill-pointer 3 :initial-contents "hello")))
  (adjust-array s 8 :fill-pointer 8 :initial-element #\!)
  (print s))

(let* ((b (make-array 4 :element-type 'bit :adjustable t :initial-contents '(1 0 1 1)))
       (b2 (adjust-array b 6 :initial-element 1)))
  (print (list (eq b b2) b)))

(let* ((m (make-array '(2 3) :adjustable t :initial-contents '((1 2 3) (4 5 6))))
       (m2 (adjust-array m '(3 2) :initial-element 0)))
  (print (list (array-dimensions m2) m2 (aref m2 1 1) (aref m2 2 0))))

;; A vector that is not adjustable is left alone; the new one is returned.
(let* ((v (vector 1 2 3))
       (w (adjust-array v 4 :initial-element 4)))
  (print (list v w (length w))))

(print (handler-case (adjust-array (make-array 3 :adjustable t) '(2 2)) (error () :rank-error)))
(print (handler-case (adjust-array (make-array 3 :adjustable t) 4 :fill-pointer 2) (error () :no-fill-pointer)))
(print (array-has-fill-pointer-p (make-array '(2 2))))
