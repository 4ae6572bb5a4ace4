;; Reading with *package* bound to something that is no package is a
;; type-error (it was a Go nil-pointer panic: ANSI's reader tests bind
;; *package* to (find-package :cl-test)).
(print (handler-case (let ((*package* (find-package :no-such-package))) (read-from-string "x"))
         (type-error () :type-error)))
(print (handler-case (let ((*package* (find-package :no-such-package))) (read-from-string "#x10"))
         (type-error () :type-error)))
(print (package-name *package*))
