;; character of a designator, standard-char-p, and a hash table's rehash
;; size and threshold as made.
(print (list (character "a") (character #\b) (character 'c)
             (handler-case (character "ab") (type-error () :type-error))))
(print (list (standard-char-p #\a) (standard-char-p #\Space) (standard-char-p #\Newline)
             (standard-char-p #\Tab) (standard-char-p (code-char 233))))
(print (list (= 1.5 (hash-table-rehash-size (make-hash-table)))
             (= 1 (hash-table-rehash-threshold (make-hash-table)))
             (hash-table-rehash-size (make-hash-table :rehash-size 10))
             (= 0.5 (hash-table-rehash-threshold (make-hash-table :rehash-threshold 0.5)))))
