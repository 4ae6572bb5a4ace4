;; Under *print-readably* a symbol prints as a token for the standard
;; readtable, whatever *readtable*'s case, and a name that would read back
;; as a number in *print-base* (the read base a reader of the output is
;; assumed to use) goes between bars: in base 16 the letters A to F are
;; digits, and in base 35 so is NIL. A marker letter next to another
;; non-digit letter makes no potential number; a package prefix follows
;; the same rules as the name.
(defpackage "PRINT-TOKEN-PKG" (:use))
(defun readably (sym base rcase &optional (pcase :upcase))
  (let ((*readtable* (copy-readtable)))
    (setf (readtable-case *readtable*) rcase)
    (write-to-string sym :readably t :base base :case pcase)))
(print (list (readably '|a| 10 :invert) (readably 'abc 10 :invert) (readably 'abc 10 :preserve)
             (readably 'abc 10 :downcase :downcase) (readably 'abc 10 :invert :capitalize)))
(print (list (readably 'a 26 :upcase) (readably 'abc 16 :upcase) (readably 'abg 16 :upcase)
             (readably 'e1 16 :upcase) (readably 'e1 10 :upcase) (readably '+e 16 :upcase)
             (readably 'nil 35 :invert) (readably 'a.b 16 :upcase) (readably '-a 16 :upcase)))
(print (list (readably '|1AG| 10 :upcase) (readably '|1AG| 16 :upcase) (readably '|1XY| 36 :upcase)
             (readably '|1X| 10 :upcase) (readably '|1+| 10 :upcase) (readably '|^1| 10 :upcase)))
(print (list (readably (intern "X" "PRINT-TOKEN-PKG") 10 :invert)
             (readably (intern "x" "PRINT-TOKEN-PKG") 10 :preserve :downcase)
             (readably (intern "F" "PRINT-TOKEN-PKG") 16 :upcase)))
(print (let ((*readtable* (copy-readtable)))
         (setf (readtable-case *readtable*) :invert)
         (list (prin1-to-string '|a|) (prin1-to-string 'abc) (write-to-string 'e1 :base 16))))
