package builtins

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// read-sequence and write-sequence over character streams, the way a
// program reads a whole file at once: (let ((s (make-string (file-length
// in)))) (subseq s 0 (read-sequence s in))). Streams hold characters
// only, so the sequence's elements are characters.

func registerStreamSequences() {
	defun("read-sequence", "(sequence stream &key start end)", "Fill SEQUENCE (between :start and :end) with characters read from STREAM; return the index of the first element not filled.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		kw := parseKeys("read-sequence", a[2:], "start", "end")
		in := inStreamArg(t, "read-sequence", a[1])
		items := seqValues(t, "read-sequence", a[0])
		if _, ok := a[0].(*lisp.Vector); !ok {
			items = append([]lisp.Value(nil), items...)
		}
		start, end := seqKeyBounds("read-sequence", kw, "start", "end", len(items))
		i := start
		for ; i < end; i++ {
			if i&1023 == 0 {
				t.Poll()
			}
			r, ok := in.NextChar()
			if !ok {
				break
			}
			items[i] = lisp.Char(r)
		}
		if i > start {
			seqStore("read-sequence", a[0], items)
		}
		return lisp.MakeInt(int64(i))
	})
	defun("write-sequence", "(sequence stream &key start end)", "Write the characters of SEQUENCE (between :start and :end) to STREAM; return the sequence.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		kw := parseKeys("write-sequence", a[2:], "start", "end")
		out := outStream(t, "write-sequence", a, 1)
		items := seqValues(t, "write-sequence", a[0])
		start, end := seqKeyBounds("write-sequence", kw, "start", "end", len(items))
		var b strings.Builder
		for _, v := range items[start:end] {
			b.WriteRune(rune(charArg("write-sequence", v)))
		}
		out.WriteString(b.String())
		return a[0]
	})
}
