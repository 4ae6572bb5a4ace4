;; A method's lambda list may have &key and &aux; the keywords other
;; methods take are still accepted.
(defgeneric ma-f (x &optional y &key))
(defmethod ma-f ((x symbol) &optional (y 'd y-p) &key ((:foo bar) (list x y) bar-p)
                 &aux (z (list x y (not (null y-p)) bar (not (null bar-p)))))
  z)
(print (ma-f 'a))
(print (ma-f 'a 'b))
(print (ma-f 'a 'b :foo 'c))
