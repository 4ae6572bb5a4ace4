;; reader errors name the position and what was expected
(print 1)
(print "this string
never ends)
---
(+ 1 2))
---
)
---
(list 1 2
---
(list #\Nonsense)
---
,x
---
#| an unterminated
block comment
---
(a . b c)
---
#(1 2
---
1/0
---
"fine" (car '(a b)) 'next
---
#A(1)
---
#A((32768 32768) t)
---
#A((2) bit . 3)
---
#A((-1) t)
---
#A((2) bit 1 2)
---
#2A(1 2)
---
#2A((1 2) (3))
---
#99999A()
---
'#2A #1=((1 2) . #1#)
---
'#1A #1=(1 2 . #1#)
