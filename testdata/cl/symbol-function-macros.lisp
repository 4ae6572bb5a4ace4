;; symbol-function and fdefinition of a macro or special operator give a
;; function that cannot be called (undefined-function), as SBCL's do.
(defmacro mm (x) x)
(print (mapcar #'functionp (list (symbol-function 'cond) (fdefinition 'setq)
                                 (symbol-function 'and) (symbol-function 'push)
                                 (symbol-function 'mm))))
(print (handler-case (funcall (symbol-function 'mm) 1) (undefined-function () :undefined)))
(print (handler-case (funcall (fdefinition 'setq) 1) (undefined-function () :undefined)))
(print (handler-case (symbol-function (gensym)) (undefined-function () :undefined)))
(print (loop for s being the external-symbols of "CL"
             when (and (fboundp s) (not (functionp (symbol-function s)))) collect s))
