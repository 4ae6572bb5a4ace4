;; invalid-method-error and method-combination-error signal simple
;; errors whose messages hold what the format control makes.
(defgeneric ce-f (x) (:method ((x t)) x))
(handler-case (method-combination-error "bad ~a" 1)
  (error (c)
    (print (type-of c))
    (print (not (null (search "bad 1" (princ-to-string c)))))))
(handler-case (invalid-method-error (first (compute-applicable-methods #'ce-f '(1))) "bad ~a" 2)
  (error (c)
    (print (type-of c))
    (print (not (null (search "bad 2" (princ-to-string c)))))))
(print (not (null (fboundp 'invalid-method-error))))
(print (not (null (fboundp 'method-combination-error))))
