;; A structure with no slots has a constructor, a predicate and a copier
;; like any other.
(defstruct empty-thing)
(let* ((x (make-empty-thing)) (y (copy-empty-thing x)) (z (funcall #'copy-empty-thing x)))
  (print (list (empty-thing-p x) (empty-thing-p y) (eq x y) (eq y z) (equalp x y)))
  (print x))
(defstruct (bare (:copier duplicate-bare)))
(print (bare-p (duplicate-bare (make-bare))))
