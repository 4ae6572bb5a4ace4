;; A logical namestring with no directory is at its host's top, (:absolute),
;; so it matches and translates through a "**;*.*.*" translation.
(setf (logical-pathname-translations "TOPHOST") '(("**;*.*.*" "/x/**/*.*")))
(print (pathname-directory (logical-pathname "TOPHOST:FOO.TXT")))
(print (pathname-directory (logical-pathname "TOPHOST:A;FOO.TXT")))
(print (pathname-directory (logical-pathname "TOPHOST:;A;FOO.TXT")))
(print (pathname-match-p (logical-pathname "TOPHOST:FOO.TXT") (logical-pathname "TOPHOST:**;*.*.*")))
(print (translate-logical-pathname "TOPHOST:FOO.TXT"))
(print (translate-logical-pathname "TOPHOST:A;B;FOO.TXT"))
(print (namestring (logical-pathname "TOPHOST:FOO.TXT")))
;; A wildcard of the source stays a wildcard in the translation.
(print (translate-logical-pathname "TOPHOST:*.TXT"))
(print (translate-logical-pathname "TOPHOST:A;*.*"))
(print (translate-pathname "*.lisp" "*.lisp" "*.fasl"))
