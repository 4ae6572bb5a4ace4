;; boole applies one of sixteen bitwise operations, named by constants.
(dolist (op (list boole-clr boole-set boole-1 boole-2 boole-c1 boole-c2
                  boole-and boole-ior boole-xor boole-eqv boole-nand boole-nor
                  boole-andc1 boole-andc2 boole-orc1 boole-orc2))
  (print (list (boole op 12 10) (boole op -7 (expt 2 70)))))
(print (handler-case (boole boole-and 1.5 2) (type-error () 'type-error)))
