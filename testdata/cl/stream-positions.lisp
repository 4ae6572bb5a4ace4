;; file-position on input streams, and what read leaves of the text after
;; an object (issue 30): SBCL's read takes the one whitespace character
;; that follows any object, not only a token.
(dolist (text '("(a) b" "(a)  b" "\"q\"
x" "42 x" "sym(x)" "#\\a b" "(a)" "x;c
y" "#(1 2)	z"))
  (with-input-from-string (s text)
    (let ((v (read s)))
      (print (list v (file-position s) (read-char s nil :eof))))))
(with-input-from-string (s "abc def")
  (print (list (read-char s) (file-position s) (file-position s 4) (read-char s)
               (file-position s :start) (read-char s) (file-position s :end)
               (read-char s nil :eof))))
;; with-open-stream closes the stream however its body is left.
(let ((saved nil))
  (print (with-open-stream (s (make-string-input-stream "one two"))
           (setq saved s)
           (read s)))
  (print (open-stream-p saved)))
(let ((saved nil))
  (print (catch 'out
           (with-open-stream (s (make-string-input-stream "x"))
             (setq saved s)
             (throw 'out :thrown))))
  (print (open-stream-p saved)))
