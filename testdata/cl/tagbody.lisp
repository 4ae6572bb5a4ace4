;; tagbody and go: jumps forward and backward, numeric tags, nil result
(print (let ((i 0) (acc nil))
         (tagbody
          top
            (push i acc)
            (setq i (+ i 1))
            (when (< i 5) (go top)))
         acc))
(print (tagbody 1 2 3))
(print (let ((out nil))
         (tagbody
            (push 'a out)
            (go skip)
            (push 'never out)
          skip
            (push 'b out))
         (reverse out)))
(print (let ((n 0))
         (tagbody
          10 (setq n (+ n 1))
             (if (< n 3) (go 10) (go 20))
          20 (setq n (* n 100)))
         n))
(print (let ((r nil))
         (tagbody
            (dolist (x '(1 2 3 4))
              (when (= x 3) (go done))
              (push x r))
          done)
         r))
(defun count-with-go (n)
  (let ((i 0) (s 0))
    (tagbody
     loop
       (when (>= i n) (go end))
       (setq s (+ s i))
       (setq i (+ i 1))
       (go loop)
     end)
    s))
(print (count-with-go 100))
(print (let ((x 0))
         (tagbody
            (let ((f (lambda () (go out))))
              (setq x 1)
              (funcall f)
              (setq x 2))
          out)
         x))
