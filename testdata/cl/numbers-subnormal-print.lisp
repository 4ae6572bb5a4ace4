; Subnormal doubles print with SBCL's digits: the fewest within the rounding
; interval of a full-precision double there, not the shortest that read back.
(print (list 1d-310 5d-324 1d-323 1d-320 3d-323 -2.5d-316 2.225073858507201d-308))
(print (list (prin1-to-string 1d-310) (format nil "~a" 5d-324) (= 1d-310 (read-from-string (prin1-to-string 1d-310)))))
(let ((s 12345))
  (dotimes (i 300)
    (setf s (mod (+ (* s 1103515245) 12345) 2147483648))
    (let ((x (scale-float (float (+ 1 (mod (* s 7919) 4503599627370495)) 1d0) (- -1074 0))))
      (print (* x (if (evenp i) 1 (expt 2 (- (mod s 40)))))))))
