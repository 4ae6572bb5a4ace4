;; defstruct with (:type list) and (:type vector): the structure is a plain
;; list or vector laid out as the standard says.
(defstruct (pt (:type list)) x y)
(print (make-pt :x 1 :y 2))
(print (list (fboundp 'pt-p) (pt-x (list 3 4)) (pt-y (make-pt :y 9))))

(defstruct (npt (:type list) :named) x (y 5))
(print (equal (make-npt :x 1) '(npt 1 5)))
(print (list (npt-p (make-npt)) (npt-p (list 1 2 3)) (npt-p nil)))
(let ((p (make-npt :x 1)))
  (setf (npt-y p) 10)
  (incf (npt-x p))
  (print (list (npt-x p) (npt-y p)))
  (let ((c (copy-npt p)))
    (print (list (equal c p) (eq c p)))))

;; :initial-offset leaves unused elements: nil in a list, 0 in a vector.
(defstruct (off (:type list) (:initial-offset 2)) a b)
(print (make-off :a 1 :b 2))
(defstruct (v3 (:type vector) :named (:initial-offset 1)) a b c)
(print (length (make-v3 :a 1 :b 2 :c 3)))
(print (list (aref (make-v3 :a 1 :b 2 :c 3) 0) (v3-c (make-v3 :c 30)) (v3-p (make-v3)) (v3-p #(1 2))))

;; :include lays the included structure's elements out first.
(defstruct (v4 (:type vector) (:include v3 (a 100)) :named (:initial-offset 2)) d)
(let ((v (make-v4 :d 4)))
  (print (list (length v) (v3-a v) (v4-d v) (aref v 2) (aref v 5) (aref v 6))))
(print (list (v3-p (make-v4)) (v4-p (make-v4)) (v4-p (make-v3))))
(defstruct (off2 (:type list) (:include off) (:initial-offset 1)) c)
(print (make-off2 :a 1 :b 2 :c 3))

;; A vector of an element type, a BOA constructor, a read-only slot.
(defstruct (bits (:type (vector bit))) (a 0) (b 1))
(print (make-bits))
(defstruct (cpt (:type list) (:constructor new-cpt (x y))) x (y 0 :read-only t))
(print (new-cpt 3 4))
(print (list (and (fboundp '(setf cpt-x)) t) (fboundp '(setf cpt-y))))

;; A typed structure names no type; a structure of its own type is a
;; subtype of structure-object and disjoint from the standard types.
(defstruct own a)
(print (multiple-value-list (subtypep 'own 'structure-object)))
(print (multiple-value-list (subtypep (find-class 'own) 'structure-object)))
(print (multiple-value-list (subtypep 'own 'cons)))
(print (multiple-value-list (subtypep 'integer 'own)))
(print (multiple-value-list (subtypep (find-class 'own) 'restart)))
(print (multiple-value-list (subtypep 'own 't)))

;; A :named structure whose vectors cannot hold a symbol is an error.
(print (handler-case (eval '(defstruct (sf (:type (vector single-float)) :named) (a 0.0)))
         (simple-error () :error)))
