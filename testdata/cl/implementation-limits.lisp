;; The implementation limits are constants at least as large as CL asks.
(print (list (integerp call-arguments-limit) (>= call-arguments-limit 50)))
(print (list (integerp lambda-parameters-limit) (>= lambda-parameters-limit 50)))
(print (list (integerp multiple-values-limit) (>= multiple-values-limit 20)))
(print (list (integerp array-dimension-limit) (>= array-dimension-limit 1024)))
(print (list call-arguments-limit lambda-parameters-limit multiple-values-limit
             array-dimension-limit array-total-size-limit))
