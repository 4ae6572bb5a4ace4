;; Silent differences the ANSI suite found in loop: a destructuring
;; of-type gives each variable its type's initial value; with nil = form
;; still evaluates form; it is the test's value only in the first clause
;; after when; sum of-type float starts from 0.0.
(print (loop with (a b c) of-type (fixnum double-float t) return (list a b c)))
(print (loop with nil = (return t) return nil))
(print (let (z) (values (loop for x from 1 to 10 count (< x 5) into foo float finally (setq z foo)) z)))
(print (let ((it 'z)) (loop for x in '(a b c d) when x collect it and collect it)))
(print (loop for i in nil sum i of-type double-float))
(print (let ((it 'z)) (loop for x in '(nil 1) when x collect it else collect it)))
