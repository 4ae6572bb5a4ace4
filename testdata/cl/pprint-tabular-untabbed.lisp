;; pprint-tabular prints as pprint-fill when no column needs a tab stop: with
;; *print-pretty* nil, or a tabsize of 1 or 0; colon nil leaves out the
;; parentheses, and *print-length* applies.
(print (with-output-to-string (s) (let ((*print-pretty* nil)) (pprint-tabular s '(1 2 3)))))
(print (with-output-to-string (s) (let ((*print-pretty* nil)) (pprint-tabular s '(1 2 3) nil))))
(print (with-output-to-string (s) (let ((*print-pretty* nil)) (pprint-tabular s 5))))
(print (with-output-to-string (s) (let ((*print-pretty* t)) (pprint-tabular s '(1 2 3) t nil 1))))
(print (with-output-to-string (s) (let ((*print-pretty* t)) (pprint-tabular s '(1 2 3) t nil 0))))
(print (with-output-to-string (s) (let ((*print-pretty* t) (*print-right-margin* 10)) (pprint-tabular s '(aaaa bbbb cccc dddd eeee) t nil 1))))
(print (with-output-to-string (s) (let ((*print-pretty* t) (*print-right-margin* 10)) (pprint-fill s '(aaaa bbbb cccc dddd eeee) t nil))))
(print (with-output-to-string (s) (let ((*print-pretty* t)) (pprint-tabular s '(1 2 3) nil nil 1))))
(print (with-output-to-string (s) (let ((*print-pretty* t) (*print-length* 2)) (pprint-tabular s '(1 2 3) t nil 1))))
