;; random states: *random-state*, make-random-state (nil, t, a state),
;; random-state-p, random drawing from a given state, and a state printed
;; and read back drawing the same numbers.
(print (random-state-p *random-state*))
(print (list (random-state-p 3) (random-state-p (make-random-state t))))
(print (list (type-of (make-random-state)) (typep *random-state* 'random-state)
             (class-name (class-of *random-state*))))

;; A copy draws what the original draws.
(print (let* ((a (make-random-state nil)) (b (make-random-state a)))
         (equal (loop repeat 5 collect (random 1000 a))
                (loop repeat 5 collect (random 1000 b)))))

;; Binding *random-state* to a copy of it: random without a state draws from it.
(print (let ((s (make-random-state nil)))
         (let ((*random-state* (make-random-state s)))
           (= (random (expt 10 30)) (random (expt 10 30) s)))))

;; Drawing from a copy leaves the original where it was.
(print (let* ((copy (make-random-state nil)) (mine (make-random-state nil)))
         (random 100 copy)
         (list (= (random 100 mine) (random 100 *random-state*)))))

;; Printed and read back, a state draws the same floats.
(print (let* ((a (make-random-state t))
              (b (read-from-string (prin1-to-string a))))
         (list (random-state-p b)
               (equal (loop repeat 5 collect (random 1.0 a))
                      (loop repeat 5 collect (random 1.0 b))))))

;; The numbers stay below the limit and of its type.
(print (let ((s (make-random-state t)))
         (list (every (lambda (n) (and (integerp n) (<= 0 n 9))) (loop repeat 200 collect (random 10 s)))
               (every (lambda (n) (and (floatp n) (<= 0 n) (< n 1.5))) (loop repeat 200 collect (random 1.5 s))))))

;; Bad arguments are type errors.
(print (handler-case (make-random-state 3) (type-error () :type-error)))
(print (handler-case (random 10 'state) (type-error () :type-error)))
(print (handler-case (random -1) (type-error () :type-error)))
