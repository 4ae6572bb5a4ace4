;; break and invoke-debugger end the cell, as an unhandled error does: a
;; cell has no debugger. No handler for error or condition takes them;
;; unwind-protect's cleanup still runs.
(handler-case (break "stop at ~a" 3) (error () :caught) (condition () :caught))
(defvar *cleaned* nil)
(unwind-protect (break) (setq *cleaned* t))
*cleaned*
(handler-case (invoke-debugger (make-condition 'simple-error :format-control "bad ~a" :format-arguments '(1)))
  (error () :caught))
(invoke-debugger 5)
---
;; invoke-debugger calls *debugger-hook* first, with the condition and the
;; hook, and with *debugger-hook* nil while it runs; the hook may leave.
(defvar *seen* nil)
(setq *debugger-hook* (lambda (c hook) (setq *seen* (list (type-of c) (functionp hook) *debugger-hook*)) (throw 'out :left)))
(catch 'out (invoke-debugger (make-condition 'simple-error :format-control "x")))
*seen*
(functionp *debugger-hook*)
(setq *debugger-hook* nil)
---
;; a cell has no one to answer a question
(y-or-n-p "Delete ~a files?" 3)
(yes-or-no-p)
---
;; dribble keeps no transcript; require loads nothing
(dribble "log.txt")
(dribble)
(require "NOT-PROVIDED")
(provide :mine)
(require "MINE")
*modules*
---
;; the environment's facts and the functions that describe
(lisp-implementation-type)
(list (machine-version) (machine-instance) (software-version))
(inspect 'car)
(disassemble (lambda (x) x))
(disassemble 'no-such-function-here)
(room :wrong)
; *debugger-hook* bound with let: invoke-debugger calls it with the
; condition and the hook, the variable nil while it runs.
(catch :out (let ((*debugger-hook* (lambda (c h) (throw :out (list (type-of c) (functionp h) *debugger-hook*))))) (invoke-debugger (make-condition 'simple-error :format-control "x"))))
*debugger-hook*
