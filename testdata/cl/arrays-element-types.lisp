;; Arrays of any rank may hold only characters or only bits (stores are
;; checked); typep of (array et dims) and (simple-array …) reads element
;; type, rank and dimensions of arrays of every rank.
(defmacro try (form) `(print (handler-case ,form (error () :error))))
(try (let ((m (make-array '(2 2) :element-type 'character :initial-element #\a))) (setf (aref m 1 1) #\z) (list m (array-element-type m) (type-of m))))
(try (let ((m (make-array '(2 2) :element-type 'character :initial-element #\a))) (setf (aref m 1 1) 3)))
(try (let ((m (make-array '(2 3) :element-type 'bit :initial-contents '((1 0 1) (0 1 0))))) (list m (array-element-type m) (aref m 1 1))))
(try (make-array '(2 3) :element-type 'bit :initial-contents '((1 0 1) (0 2 0))))
(try (let ((m (make-array '(2 3) :element-type 'bit))) (setf (row-major-aref m 4) 5)))
(try (let ((m (make-array '(2 3)))) (list (typep m '(array t (2 3))) (typep m '(array t (2 *))) (typep m '(array t 2)) (typep m '(array t (3 2))) (typep m '(simple-array * 2)) (typep m 'array) (typep m '(vector t)))))
(try (let ((m (make-array '(2 2) :element-type 'character :initial-element #\a))) (list (typep m '(array character (2 2))) (typep m '(array t (2 2))) (typep m '(array bit 2)))))
(try (let ((v (make-array 5 :fill-pointer 2))) (list (typep v '(vector t 5)) (typep v '(array t (5))) (typep v '(simple-array t (5))) (typep v 'simple-vector) (typep v '(array t 1)))))
(try (let* ((a (vector 1 2 3)) (d (make-array 2 :displaced-to a))) (list (typep d 'simple-vector) (typep d '(simple-array t (2))) (typep d '(vector t 2)))))
(try (let ((m (make-array 0 :element-type 'character))) (list (typep m 'simple-string) (typep m '(simple-array character (0))))))
(try (make-array '(2 2) :element-type 'character))
