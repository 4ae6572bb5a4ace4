;; Comparing a fixnum with a float is exact (CLHS 12.1.4.1), whether or
;; not a double holds the fixnum: the loop of Rosetta's Vampire number
;; (counting up to (sqrt n)) compares them at every step.
(print (list (< 3 3.5) (<= 4 4.0) (= 4 4.0) (> -3 -3.5) (/= 5 5.0) (< 5 5.0)))
(print (list (= 9007199254740992 9007199254740992.0)
             (= 9007199254740993 9007199254740992.0)
             (< 9007199254740992.0 9007199254740993)
             (> 9007199254740993 9007199254740992.0)
             (= -9007199254740993 -9007199254740992.0)
             (< -9007199254740993 -9007199254740992.0)))
(print (list (< most-positive-fixnum 1d300) (> most-negative-fixnum -1d300)
             (= 4611686018427387904 4611686018427387904.0)
             (< 4611686018427387903 4611686018427387904.0)))
(print (list (max 3 2.5) (min 3 3.0) (max 3.0 3) (< 1 1.5 2 2.5 3)))
(print (loop :for c :from 2 :upto (sqrt 1000003) :count (zerop (mod 1000003 c))))
(print (loop :for c :from 2 :upto (sqrt 16758243290880)
             :when (and (zerop (mod 16758243290880 c)) (> c 1982700))
               :collect (list c (/ 16758243290880 c))
             :while (< c 1982800)))
