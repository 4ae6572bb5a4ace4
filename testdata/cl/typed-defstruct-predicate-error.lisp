;; A structure stored as a list or vector without :named has no type tag,
;; so asking for a predicate by name is an error, a simple-error as in
;; SBCL; (:predicate) alone or no option makes none, silently.
(print (handler-case (eval '(defstruct (vec3 (:type vector) (:predicate vec3-p)) x y z))
         (simple-error () :simple-error)
         (error () :other-error)))
(print (handler-case (eval '(defstruct (pair2 (:type list) (:predicate pair2-p)) a b))
         (simple-error () :simple-error)
         (error () :other-error)))
(defstruct (plain3 (:type list)) a b c)
(print (list (make-plain3 :a 1 :b 2 :c 3) (fboundp 'plain3-p)))
(defstruct (tagged (:type vector) :named (:predicate is-tagged)) a)
(print (list (is-tagged (make-tagged :a 1)) (is-tagged (vector 'other 1))))
