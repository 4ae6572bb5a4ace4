;; Subnormal doubles print with the digits SBCL gives them: the shortest
;; that identify the float as if its significand had all 53 bits.
(print 1d-310)
(print -1d-310)
(print 1d-320)
(print 2.2250738585072014d-308)
(print (scale-float 1d0 -1074))
(print (scale-float 1d0 -1060))
(print (scale-float 3d0 -1050))
(dolist (n '(1 2 3 17 761 1845 15769 114853 168263196 297341310 1100666797639 2993632284303 541831917235782))
  (print (scale-float (float n 1d0) -1074)))
(print (list (prin1-to-string 1d-310) (princ-to-string 1d-315)))
