package lisp

import "unsafe"

// Short strings in one allocation. A fresh Lisp string is a String and,
// apart, its characters: two heap objects for (format nil "k~d" i), whose
// result is mostly a handful of bytes. NewStringBytes puts the characters
// of a short string in the same object as the String, behind it; S points
// at them, which keeps the object alive as long as S is, and nothing
// writes them after (setf of char gives S a new string).

// NewStringBytes returns a fresh Lisp string holding a copy of b.
func NewStringBytes(b []byte) *String {
	switch n := len(b); {
	case n <= 8:
		p := new(struct {
			s String
			b [8]byte
		})
		return fillShort(&p.s, p.b[:n], b)
	case n <= 24:
		p := new(struct {
			s String
			b [24]byte
		})
		return fillShort(&p.s, p.b[:n], b)
	}
	return &String{S: string(b)}
}

func fillShort(s *String, dst, src []byte) *String {
	copy(dst, src)
	s.S = unsafe.String(unsafe.SliceData(dst), len(dst))
	return s
}
