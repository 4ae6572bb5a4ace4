;; *print-readably* prints an array of characters or bits of rank other
;; than one as #A(dimensions element-type . contents), the bit rows as bit
;; vectors, and the reader reads that form back with its element type;
;; dimensions of rank one give a string or a bit vector.
(dolist (a (list (make-array '(2 0) :element-type 'bit) (make-array '(0 2) :element-type 'character)
                 (make-array '(2 1 2) :element-type 'bit :initial-element 1)
                 (make-array nil :element-type 'character :initial-element #\x)
                 (make-array nil :element-type 'bit :initial-element 1)
                 (make-array '(2 2) :element-type 'character :initial-contents '("ab" "cd"))))
  (let ((text (write-to-string a :readably t :pretty nil)))
    (print (list text (write-to-string a :readably t :pretty nil :case :downcase)))
    (let ((back (read-from-string text)))
      (print (list (equalp a back) (array-element-type back) (array-dimensions back))))))
(print (write-to-string (make-array '(2 2) :initial-element 1) :readably t :pretty nil))
(print (list (read-from-string "#A((2 2) BIT (1 0) (0 1))") (read-from-string "#A((1 2) CHARACTER \"ab\")")
             (read-from-string "#A((2) T 1 2)") (read-from-string "#A((2) BIT 1 0)")
             (read-from-string "#A((2) CHARACTER #\\a #\\b)") (read-from-string "#A(() T . 5)")))
(print (handler-case (read-from-string "#A((2) BIT 1 2)") (error () :error)))
(print (handler-case (read-from-string "#A((3) T 1 2)") (error () :error)))
;; An array of element type t whose contents do not show its dimensions
;; (a zero one before a non-zero one) prints in the #A form too.
(dolist (dims '((0 2) (2 0 3) (2 0) (0 0)))
  (let ((text (write-to-string (make-array dims) :readably t :pretty nil)))
    (print (list text (array-dimensions (read-from-string text))))))
(print (list (write-to-string (make-array '(2 0) :element-type 'character) :readably t)
             (write-to-string (make-array '(1 0 3) :element-type 'bit) :readably t :case :downcase)))
