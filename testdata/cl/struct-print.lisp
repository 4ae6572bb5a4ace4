;; How structures print: :print-function, :print-object, print-object
;; methods on structure types, and printing inside other data.
(defstruct (card (:print-function
                  (lambda (c stream depth)
                    (declare (ignore depth))
                    (format stream "<~a of ~a>" (card-rank c) (card-suit c)))))
  rank suit)
(let ((c (make-card :rank 'queen :suit 'hearts)))
  (print c)
  (format t "~%~a|~s|~%" c (list c c))
  (print (prin1-to-string c))
  (print (princ-to-string (vector c 1))))
(defstruct (money (:print-object
                   (lambda (m stream)
                     (format stream "$~,2f" (money-amount m)))))
  (amount 0))
(print (make-money :amount 12.5))
(print (list (make-money) (make-money :amount 3)))

;; A structure that includes one with a printer prints the same way.
(defstruct (joker (:include card (rank 'joker) (suit 'none))))
(print (make-joker))

;; A print-object method on a structure type.
(defstruct vec2 (x 0) (y 0))
(defmethod print-object ((v vec2) stream)
  (format stream "#<vec2 ~a,~a>" (vec2-x v) (vec2-y v)))
(print (make-vec2 :x 1 :y 2))
(format t "~%~a~%" (list (make-vec2) (make-vec2 :x 5)))
(print (format nil "~s" (make-vec2 :x 3)))

;; call-next-method from print-object prints the default #S form.
(defstruct temp (deg 20))
(defmethod print-object ((tm temp) stream)
  (write-string "temp:" stream)
  (call-next-method))
(print (make-temp))

;; Nested structures without printers print as nested #S forms.
(defstruct btree (left nil) (right nil) (value 0))
(print (make-btree :value 1 :left (make-btree :value 2) :right (list (make-btree))))
(print (make-btree :value "str" :left #\c :right 'sym))

;; A :print-function named before it is defined, as older code writes it.
(defstruct (suit (:print-function print-suit)) symbol)
(defun print-suit (s stream depth)
  (declare (ignore depth))
  (format stream "{~a}" (suit-symbol s)))
(print (list (make-suit :symbol 'spade) (make-suit :symbol 'club)))
