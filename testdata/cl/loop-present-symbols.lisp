;; loop's present-symbols are the symbols present in a package, not those
;; it inherits; symbols also walks the inherited ones.
(defpackage "LPS-BASE" (:use) (:intern "X" "Y") (:export "A" "B"))
(defpackage "LPS-USER" (:use "LPS-BASE") (:intern "P" "Q") (:export "E"))
(print (sort (mapcar #'symbol-name (loop for s being the present-symbols of "LPS-USER" collect s)) #'string<))
(print (sort (mapcar #'symbol-name (loop for s being the symbols of "LPS-USER" collect s)) #'string<))
(print (sort (mapcar #'symbol-name (loop for s being each external-symbol of "LPS-USER" collect s)) #'string<))
(print (let ((*package* (find-package "LPS-USER")))
         (loop for s being each present-symbol count t)))
