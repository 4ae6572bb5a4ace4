;; *read-default-float-format* bound to each float format. nodelisp has one
;; float format, which by CLHS 12.1.4.1 is every float type at once, so a
;; float always has the default format and prints without an exponent
;; marker. The floats here are of the bound format in SBCL too, so both
;; print them alike.
(let ((*read-default-float-format* 'single-float))
  (print (list (prin1-to-string 1.5f0) (princ-to-string (float 3 1.0f0))
               (prin1-to-string 1.0f10) (prin1-to-string '(1.5f0 #(2.5f0)))
               (format nil "~a ~s ~e" 1.5f0 2.5f0 4.5f0)
               (= (read-from-string "2.5") 2.5)
               (read-from-string "(a 2 1/2 x.y 1.5eggs)"))))
(let ((*read-default-float-format* 'long-float))
  (print (list (prin1-to-string 1.5d0) (read-from-string "2.5") (format nil "~e" 2.5d0))))
(let ((*read-default-float-format* 'short-float))
  (print (list (prin1-to-string 1.5s0) (= (read-from-string "0.5") 0.5))))
;; with-standard-io-syntax binds the standard's single-float.
(print (with-standard-io-syntax
         (list *read-default-float-format* (prin1-to-string 1.5f0)
               (prin1-to-string (complex 1.0f0 2.0f0))
               (= 1.5 (read-from-string "1.5")))))
(print (let ((*read-default-float-format* 'long-float))
         (with-standard-io-syntax *read-default-float-format*)))
(print *read-default-float-format*)
