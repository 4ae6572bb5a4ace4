;; What a pprint dispatch function prints joins the layout around it: its
;; logical blocks break at the margin as the enclosing list's do.

(defun pair-printer (stream pair)
  (pprint-logical-block (stream pair :prefix "[" :suffix "]")
    (pprint-exit-if-list-exhausted)
    (loop (write (pprint-pop) :stream stream)
          (pprint-exit-if-list-exhausted)
          (write-string " <-> " stream)
          (pprint-newline :linear stream))))

(defstruct point x y)

(defun point-printer (stream p)
  (pprint-logical-block (stream nil :prefix "#<point " :suffix ">")
    (write (point-x p) :stream stream)
    (write-char #\space stream)
    (pprint-newline :fill stream)
    (write (point-y p) :stream stream)))

(let ((*print-pprint-dispatch* (copy-pprint-dispatch nil))
      (*print-pretty* t)
      (*print-right-margin* 30))
  (set-pprint-dispatch '(cons (eql :pair)) 'pair-printer)
  (set-pprint-dispatch 'point 'point-printer)
  (print '((:pair 1 2) (:pair alpha beta gamma delta) (:pair 3)))
  (print (list (make-point :x 1 :y 2) (make-point :x 'a-long-name :y 'another-long-name)))
  (terpri)
  (format t "~s~%" '(:pair some-rather-long-symbol another-rather-long-one))
  (let ((*print-right-margin* 80))
    (format t "~a~%" (list (make-point :x 1 :y 2) '(:pair a b)))
    (write '(:pair 1 2) :pretty nil)
    (terpri)))
