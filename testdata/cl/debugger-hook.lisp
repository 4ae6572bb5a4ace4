;; *debugger-hook* can be bound (invoke-debugger's use of it is in
;; testdata/errors/debugger: SBCL run by golden.sh quits before the hook).
;; The suite's defharmless: a form that may signal is harmless either way.
(print (block done
         (let ((*debugger-hook* #'(lambda (&rest args) (declare (ignore args)) (return-from done :good))))
           (handler-case (unwind-protect (eval '(count 0 '(0 1) :test #'eql :test-not #'eql)) (return-from done :good))
             (condition () :good)))))
