;; :predicate, (:predicate), :copier and (:copier) keep the default names
;; (CLHS defstruct; ANSI struct-test-14/16/18/19); (:predicate nil) and
;; (:copier nil) define none, and a name given is used.
(defstruct (dn-a (:predicate)) x)
(defstruct (dn-b :predicate) x)
(defstruct (dn-c :copier) x)
(defstruct (dn-d (:copier)) x)
(defstruct (dn-e (:predicate nil) (:copier nil)) x)
(defstruct (dn-f (:predicate is-dn-f) (:copier clone-dn-f)) x)
(print (mapcar (lambda (s) (not (null (fboundp s)))) '(dn-a-p dn-b-p copy-dn-c copy-dn-d)))
(print (list (dn-a-p (make-dn-a)) (dn-b-p (make-dn-b)) (dn-a-p (make-dn-b))))
(print (dn-c-x (copy-dn-c (make-dn-c :x 3))))
(print (dn-d-x (copy-dn-d (make-dn-d :x 4))))
(print (list (fboundp 'dn-e-p) (fboundp 'copy-dn-e)))
(print (list (fboundp 'dn-f-p) (fboundp 'copy-dn-f) (is-dn-f (clone-dn-f (make-dn-f)))))
