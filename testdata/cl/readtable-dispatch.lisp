;; Dispatching macro characters: # gets a new sub-character, and a
;; program makes its own dispatching character. #{ does not read in the
;; standard syntax, so the cell reads it only after the form before it ran.
(set-dispatch-macro-character #\# #\{ (lambda (s c n) (declare (ignore c)) (list :brace n (read-delimited-list #\} s t))))
(set-syntax-from-char #\} #\))
(print '#{a b c})
(print '#3{x})
(print (read-from-string "#{1 2}"))
(print (functionp (get-dispatch-macro-character #\# #\{)))
(print (functionp (get-dispatch-macro-character #\# #\()))
(print (get-dispatch-macro-character #\# #\Z))
(print (get-dispatch-macro-character #\# #\7))
(make-dispatch-macro-character #\$)
(set-dispatch-macro-character #\$ #\$ (lambda (s c n) (declare (ignore c)) (list :dollar n (read s t nil t))))
(set-dispatch-macro-character #\$ #\a (lambda (s c n) (declare (ignore s n)) (list :sub c)))
(print '($$x $12$y $a $A))
(print (handler-case (read-from-string "$q") (reader-error () :no-dispatch-function)))
(print (handler-case (get-dispatch-macro-character #\a #\b) (error () :not-dispatching)))
(print (handler-case (set-dispatch-macro-character #\# #\3 #'list) (error () :digit)))
;; removing a sub-character's function
(set-dispatch-macro-character #\# #\{ nil)
(print (get-dispatch-macro-character #\# #\{))
(print (mapcar (lambda (x) (if (functionp x) :function x)) (multiple-value-list (get-macro-character #\$))))
