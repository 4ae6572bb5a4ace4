;; Structures print pretty as SBCL prints them: a linear newline before each
;; slot, a miser newline between a slot and its value.
(defstruct sp a b)
(defstruct (node (:conc-name n-)) (value 0) (children nil) (label "a node with a fairly long label"))
(let ((*print-pretty* t))
  (print (list (make-sp :a (make-list 40 :initial-element 1) :b 2)))
  (print (make-sp :a (make-list 10 :initial-element 1234567) :b (make-list 10 :initial-element 1234567)))
  (print (make-node :value 1 :children (list (make-node :value 2) (make-node :value 3 :children (list (make-node))))))
  (print (make-sp))
  (let ((*print-right-margin* 30)) (print (make-sp :a 1 :b 2)) (print (list 1 (make-sp :a 'aaaaaaaaaaaaaaaaaaaaaaaa :b 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb))))
  (let ((*print-right-margin* 50) (*print-miser-width* 40)) (print (list 1 2 (list 3 (make-node :value 1 :children (list (make-node :value 2)))))))
  (let ((*print-length* 1)) (print (make-node)))
  (let ((*print-level* 1)) (print (list (make-node))) (print (make-node))))
