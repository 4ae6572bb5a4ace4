;; documentation, describe and apropos: only that they work; their text is the implementation's
(defun greet (name)
  "Say hello to NAME."
  (format nil "hello, ~a" name))
(print (documentation 'greet 'function))
(print (greet "world"))
(defun undocumented () nil)
(print (documentation 'undocumented 'function))
(print (stringp (documentation 'car 'function)))
(print (plusp (length (with-output-to-string (*standard-output*) (describe 'greet)))))
(print (plusp (length (with-output-to-string (*standard-output*) (describe 'car)))))
(print (plusp (length (with-output-to-string (*standard-output*) (apropos "STRING-UPCASE")))))
