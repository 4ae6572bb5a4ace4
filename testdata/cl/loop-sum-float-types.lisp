;; sum and with of-type any float type start from a float zero.
(print (floatp (loop for i in nil sum i of-type short-float)))
(print (floatp (loop for i in nil sum i of-type long-float)))
(print (floatp (loop for i in nil sum i of-type double-float)))
(print (floatp (loop with x of-type short-float do (return x))))
(print (loop for i in '(1 2) sum i of-type fixnum))
