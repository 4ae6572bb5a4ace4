;; A keyword argument may be given more than once; the leftmost wins
;; (CLHS 3.4.1.4). Builtins whose lambda lists end in &key take any even
;; number of keyword arguments, so the repeats reach the keyword parsing.
(print (string= "abc" "xbc" :start1 1 :start2 1 :start1 0 :start1 2 :end1 3 :end2 3))
(print (string-upcase "hello" :start 1 :end 3 :start 0 :end 5))
(print (parse-integer "  42xx" :junk-allowed t :radix 10 :start 0 :end 6 :radix 16))
(print (let ((s (make-string-input-stream "x"))) (close s :abort nil :abort t :abort nil)))
(print (with-output-to-string (o) (write-string "abcdef" o :start 1 :end 3 :start 0 :end 6)))
(print (with-output-to-string (o) (write-line "abcdef" o :start 2 :end 4 :start 0 :end 6)))
(print (let ((s (make-string-output-stream :element-type 'character :element-type 'base-char)))
         (write-string "ok" s)
         (get-output-stream-string s)))
(print (string-lessp "abc" "abd" :start1 0 :end1 3 :start2 0 :end2 3 :start1 1))
