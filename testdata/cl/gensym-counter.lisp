;; gensym names its symbols from *gensym-counter* and counts it up; an
;; integer argument is the suffix and leaves the counter; a bad counter is
;; a type error.
(print (let ((*gensym-counter* 5))
         (list (symbol-name (gensym)) (symbol-name (gensym "X")) *gensym-counter*
               (symbol-name (gensym 3)) *gensym-counter*)))
(print (let ((*gensym-counter* 100)) (gensym) (gensym) *gensym-counter*))
(print (let ((*gensym-counter* (expt 2 70))) (list (symbol-name (gensym "B")) (= *gensym-counter* (1+ (expt 2 70))))))
(print (let ((*gensym-counter* 10) (*print-base* 16)) (symbol-name (gensym))))
(print (integerp *gensym-counter*))
(print (let ((before *gensym-counter*)) (gensym) (- *gensym-counter* before)))
(print (handler-case (let ((*gensym-counter* 'x)) (gensym)) (type-error () :type-error)))
(print (handler-case (gensym -1) (type-error () :type-error)))
