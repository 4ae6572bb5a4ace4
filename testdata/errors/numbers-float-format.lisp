; nodelisp has one float format, a double; CLHS 12.1.4.1 makes such a
; float of every float type at once (SBCL, with four formats, differs).
(print (list (typep 1.5 'single-float) (typep 1.5 'short-float) (typep 1.5 'double-float) (typep 1.5 'long-float)))
(print (list (typep 1 'single-float) (typep 1.5 '(single-float 1.0 2.0)) (typep 2.5 '(short-float 1.0 2.0))))
(print (multiple-value-list (subtypep 'single-float 'double-float)))
(print (multiple-value-list (subtypep 'double-float 'short-float)))
(print (multiple-value-list (subtypep 'single-float 'rational)))
(print (list (= single-float-epsilon double-float-epsilon) (= most-positive-short-float most-positive-double-float)))
(print (list least-positive-single-float least-negative-normalized-long-float short-float-negative-epsilon))
(print (coerce 1/2 'single-float))
; A value that names no float format is a type-error when a float would
; be read or printed, as in SBCL.
(let ((*read-default-float-format* 'integer)) (prin1-to-string 1.5))
(let ((*read-default-float-format* 'integer)) (read-from-string "1.5"))
