;; A handler's type may be a class object, not only a class name.
(print (handler-case (error "an error")
         (#.(find-class 'error) (c) (and (typep c 'error) t))
         (error () 'bad)))
(print (handler-case (warn "careful")
         (#.(find-class 'warning) () :warning)))
(print (handler-case (signal 'simple-condition)
         (#.(find-class 'error) () :error)
         (#.(find-class 'condition) () :condition)))
(print (block nil
         (handler-bind ((#.(find-class 'simple-error) (lambda (c) (return (list :bound (princ-to-string c))))))
           (error "from bind"))))
