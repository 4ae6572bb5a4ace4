;; compile-file and load follow eval-when's situations: at compile time
;; the top-level forms with :compile-toplevel run; loading the compiled
;; file runs those with :load-toplevel; loading the source runs those with
;; :execute. Inside another form (a let), only :execute counts, and only
;; when the form runs. progn keeps its forms top-level.
(defvar *seen* nil)
(defun situations-file (name)
  (with-open-file (o name :direction :output :if-exists :supersede)
    (dolist (c '(nil (:compile-toplevel)))
      (dolist (l '(nil (:load-toplevel)))
        (dolist (x '(nil (:execute)))
          (print `(eval-when (,@c ,@l ,@x) (push '(,@c ,@l ,@x) *seen*)) o)
          (print `(let () (eval-when (,@c ,@l ,@x) (push '(let ,@c ,@l ,@x) *seen*))) o))))
    (print '(progn (eval-when (:compile-toplevel) (push :progn-compile *seen*))
                   (eval-when (:load-toplevel) (push :progn-load *seen*)))
           o)
    (print '(eval-when (:compile-toplevel :load-toplevel)
             (eval-when (:execute) (push :nested-execute *seen*)))
           o)))
(situations-file "situations.lisp")
(let ((*seen* nil)) (load "situations.lisp") (print (reverse *seen*)))
(let ((*seen* nil))
  (let ((*standard-output* (make-broadcast-stream)))
    (compile-file "situations.lisp" :verbose nil :print nil))
  (print (reverse *seen*)))
(let ((*seen* nil)) (load (compile-file-pathname "situations.lisp")) (print (reverse *seen*)))
