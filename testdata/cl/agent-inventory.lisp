;; agent: an inventory as a list of plists, queried, updated and summarised
(defparameter *inventory*
  (list (list :sku "A-100" :name "widget" :qty 12 :price 2.5)
        (list :sku "B-200" :name "gadget" :qty 0 :price 10.0)
        (list :sku "C-300" :name "doohickey" :qty 5 :price 7.25)
        (list :sku "D-400" :name "gizmo" :qty 30 :price 1.0)))

(defun item-value (item) (* (getf item :qty) (getf item :price)))

(format t "~&~a items in stock~%" (count-if (lambda (i) (plusp (getf i :qty))) *inventory*))
(format t "out of stock: ~{~a~^, ~}~%"
        (mapcar (lambda (i) (getf i :name))
                (remove-if-not (lambda (i) (zerop (getf i :qty))) *inventory*)))
(format t "total value: ~,2f~%" (reduce #'+ (mapcar #'item-value *inventory*)))

(defun find-item (sku)
  (find sku *inventory* :key (lambda (i) (getf i :sku)) :test #'string=))

(let ((item (find-item "C-300")))
  (decf (getf item :qty) 2)
  (format t "~a now has ~d left~%" (getf item :name) (getf item :qty)))

(print (find-item "Z-999"))
(print (position "gizmo" *inventory* :key (lambda (i) (getf i :name)) :test #'equal))

(dolist (item (stable-sort (copy-list *inventory*) #'> :key #'item-value))
  (format t "~&~8a ~4d x ~6,2f = ~7,2f" (getf item :name) (getf item :qty)
          (getf item :price) (item-value item)))
(terpri)

(let ((cheap (loop for i in *inventory* when (< (getf i :price) 5) collect (getf i :sku))))
  (format t "cheap skus: ~s~%" cheap))
(print (every (lambda (i) (stringp (getf i :sku))) *inventory*))
(print (some (lambda (i) (> (getf i :qty) 20)) *inventory*))
(print (notany (lambda (i) (minusp (getf i :qty))) *inventory*))
(print (mapcar (lambda (i) (string-upcase (getf i :name))) *inventory*))
