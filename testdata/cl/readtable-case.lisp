;; readtable-case: how tokens read and how symbols print under each case,
;; with each *print-case*.
(dolist (c '(:upcase :downcase :preserve :invert))
  (let ((*readtable* (copy-readtable nil)))
    (setf (readtable-case *readtable*) c)
    (print (list c (readtable-case *readtable*)
      (read-from-string "(foo Foo FOO |foo| f\\oo :kw)")))
    (dolist (pc '(:upcase :downcase :capitalize))
      (let ((*print-case* pc))
        (print (list pc (prin1-to-string '(abc |abc| |Abc| |ABC| a-b |a B| :key))
                     (princ-to-string '(abc |abc| |Abc|))))))))
(print (handler-case (setf (readtable-case *readtable*) :sideways) (type-error () :type-error)))
(print (readtable-case *readtable*))
;; a case set in a cell changes how the rest of the cell reads
(setf (readtable-case *readtable*) :invert)
(print '(hello World LOUD))
(setf (readtable-case *readtable*) :upcase)
(print '(hello World LOUD))
