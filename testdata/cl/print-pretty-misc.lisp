;; Backquote, *print-circle*, *print-readably* and multi-line strings under the
;; pretty printer; characters print by name under *print-readably*.
(defmacro with-timing ((var) &body body) `(let ((,var (get-internal-real-time))) (multiple-value-prog1 (progn ,@body) (setf ,var (- (get-internal-real-time) ,var)))))
(pprint (macroexpand-1 '(with-timing (tm) (do-something-long-with-a-long-name 1 2 3) (and-another-thing-to-do))))
(pprint '(defmacro my-when (test &body body) `(if ,test (progn ,@body) nil)))
(pprint '`(a long list of symbols ,@(mapcar #'f items) ,(first items) and some more symbols to make it wide))
(let ((*print-circle* t)) (let ((x (list 'shared-element-one 'shared-element-two))) (pprint (list x x x x x x))) (let ((c (list 1 2 3))) (setf (cdr (last c)) c) (pprint c)))
(let ((*print-readably* t)) (pprint '(defun f (x) (list "a string" #\c 1.5 x))))
(pprint (list "multi
line string" 'after 'the 'string 'more 'symbols 'here 'to 'fill 'the 'line 'up 'to 'the 'margin 'and 'beyond))
(pprint '(:a 1 :b 2))
(pprint 'just-a-symbol)
(pprint "a string")
(pprint #(1 2 #(3 4)))
(pprint (make-array '(2 3) :initial-element 0))
(let ((*print-readably* t)) (prin1 (list #\c #\space #\1 #\( #\Newline #\Tab #\~ #\A (code-char 233) (code-char 200) #\Rubout)))
(print (read-from-string (let ((*print-readably* t)) (prin1-to-string (list #\c #\space #\()))))
