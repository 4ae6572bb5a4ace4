;; A slot may be named by a keyword, a constant, nil or a special
;; variable: the constructor's keywords bind fresh variables, so the
;; special keeps its value in the other slots' initforms.
(defstruct kw-slots :a :b)
(print (kw-slots-a (make-kw-slots :a 1 :b 2)))
(defstruct const-slot array-rank-limit)
(print (const-slot-array-rank-limit (make-const-slot :array-rank-limit 5)))
(defvar *width* 10)
(defstruct spec-slot (a *width*) (*width* 0) (b *width*))
(let ((s (let ((*width* 11)) (make-spec-slot :*width* 200))))
  (print (list (spec-slot-a s) (spec-slot-*width* s) (spec-slot-b s))))
(print (spec-slot-*width* (make-spec-slot)))
