;; The body of a long-form defsetf and of a define-setf-expander runs in a
;; block named by the accessor, so return-from that name gives the
;; expansion.
(defun second-cell (x) (cadr x))
(defsetf second-cell (list) (new)
  (return-from second-cell `(setf (car (cdr ,list)) ,new)))
(let ((l (list 1 2 3)))
  (print (setf (second-cell l) :two))
  (print l))

(defun lookup (key alist) (cdr (assoc key alist)))
(define-setf-expander lookup (key place &environment env)
  (multiple-value-bind (temps vals stores setter getter)
      (get-setf-expansion place env)
    (let ((new (gensym "NEW")) (k (gensym "K")) (entry (gensym "ENTRY")))
      (return-from lookup
        (values `(,@temps ,k ,entry)
                `(,@vals ,key (assoc ,k ,getter))
                (list new)
                `(if ,entry
                     (setf (cdr ,entry) ,new)
                     (let ((,(car stores) (acons ,k ,new ,getter)))
                       ,setter
                       ,new))
                `(cdr ,entry))))))
(let ((table nil))
  (print (setf (lookup 'a table) 1))
  (print (setf (lookup 'b table) 2))
  (print (setf (lookup 'a table) 3))
  (print table)
  (print (lookup 'a table)))
