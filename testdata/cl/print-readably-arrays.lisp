;; *print-readably* t prints as if *print-array* were t and *print-lines*
;; nil: a vector, a bit vector and a multi-dimensional array print in full
;; #(…), #*… and #nA… syntax whatever those variables say.
(print (write-to-string (vector 1 2 3) :readably t :array nil))
(print (write-to-string #*1011 :readably t :array nil))
(print (write-to-string (make-array '(2 2) :initial-element 7) :readably t :array nil))
(print (write-to-string '(a b c d e) :readably t :lines 1 :pretty t :right-margin 4))
