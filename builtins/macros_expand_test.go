package builtins

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Expansion tests call the expanders directly (no image, so no user
// macros) and compare the printed expansion, with the macros' temporaries
// renumbered #:1, #:2 … in order of appearance.

// formPrinter prints forms for expansion tests.
type formPrinter struct {
	temps map[*lisp.Symbol]int
	b     strings.Builder
}

func printForm(v lisp.Value) string {
	p := &formPrinter{temps: map[*lisp.Symbol]int{}}
	p.print(v)
	return p.b.String()
}

func (p *formPrinter) print(v lisp.Value) {
	switch x := v.(type) {
	case *lisp.Symbol:
		if x.Keyword {
			p.b.WriteString(":" + strings.ToLower(x.Name))
			return
		}
		if s, ok := lisp.FindSymbol(x.Name); ok && s == x {
			name := strings.ToLower(x.Name)
			if strings.ContainsAny(name, "( ") {
				name = "|" + x.Name + "|"
			}
			p.b.WriteString(name)
			return
		}
		n, ok := p.temps[x]
		if !ok {
			n = len(p.temps) + 1
			p.temps[x] = n
		}
		fmt.Fprintf(&p.b, "#:%d", n)
	case *lisp.Cons:
		if x.Car == lisp.Value(sQuote) {
			if rest, ok := x.Cdr.(*lisp.Cons); ok && rest.Cdr == lisp.Value(lisp.Nil) {
				p.b.WriteByte('\'')
				p.print(rest.Car)
				return
			}
		}
		p.b.WriteByte('(')
		for {
			p.print(x.Car)
			next, ok := x.Cdr.(*lisp.Cons)
			if !ok {
				if x.Cdr != lisp.Value(lisp.Nil) {
					p.b.WriteString(" . ")
					p.print(x.Cdr)
				}
				break
			}
			p.b.WriteByte(' ')
			x = next
		}
		p.b.WriteByte(')')
	case *lisp.String:
		fmt.Fprintf(&p.b, "%q", x.S)
	default:
		fmt.Fprint(&p.b, x)
	}
}

// findMacro returns the registered expander of name.
func findMacro(t *testing.T, name string) eval.MacroFunc {
	t.Helper()
	for _, m := range macros {
		if m.name == name {
			return m.expand
		}
	}
	t.Fatalf("no macro %s", name)
	return nil
}

// parseForm reads the tiny subset of Lisp syntax the tests write forms in:
// lists, symbols, integers and "strings".
func parseForm(t *testing.T, src string) lisp.Value {
	t.Helper()
	toks := strings.Fields(strings.NewReplacer("(", " ( ", ")", " ) ", "'", " ' ").Replace(src))
	pos := 0
	var read func() lisp.Value
	read = func() lisp.Value {
		tok := toks[pos]
		pos++
		switch tok {
		case "(":
			var items []lisp.Value
			dotted := lisp.Value(lisp.Nil)
			for toks[pos] != ")" {
				if toks[pos] == "." {
					pos++
					dotted = read()
					continue
				}
				items = append(items, read())
			}
			pos++
			return lisp.ListStar(dotted, items...)
		case "'":
			return lisp.List(sQuote, read())
		}
		var n int64
		if _, err := fmt.Sscanf(tok, "%d", &n); err == nil && fmt.Sprint(n) == tok {
			return lisp.MakeInt(n)
		}
		if strings.HasPrefix(tok, `"`) {
			return lisp.NewString(strings.Trim(tok, `"`))
		}
		return lisp.Sym(tok)
	}
	return read()
}

func expand(t *testing.T, src string) string {
	t.Helper()
	form := parseForm(t, src)
	name := strings.ToLower(form.(*lisp.Cons).Car.(*lisp.Symbol).Name)
	return printForm(findMacro(t, name)(nil, form))
}

func TestExpansions(t *testing.T) {
	tests := []struct{ src, want string }{
		{"(prog1 a b c)", "(let ((#:1 a)) b c #:1)"},
		{"(prog2 a b c)", "(progn a (prog1 b c))"},
		{"(case x (1 a) ((2 3) b) (otherwise c))",
			"(let ((#:1 x)) (cond ((eql #:1 '1) a) ((member #:1 '(2 3)) b) (t c)))"},
		{"(case x (nil a) ((nil) b) (t))", "(let ((#:1 x)) (cond ((eql #:1 'nil) b) (t nil)))"},
		{"(ecase x (1 a) ((2 3) b))",
			"(let ((#:1 x)) (cond ((eql #:1 '1) a) ((member #:1 '(2 3)) b) (t (%case-failure 'ecase #:1 '(1 2 3)))))"},
		{"(typecase x (string a) (t b))", "(let ((#:1 x)) (cond ((typep #:1 'string) a) (t b)))"},
		{"(dolist (x l r) (print x))",
			"(block nil (let ((#:1 l) (x nil)) (tagbody #:2 (if (null #:1) (go #:3)) (setq x (car #:1)) (print x) (setq #:1 (cdr #:1)) (go #:2) #:3) (progn (setq x nil) r)))"},
		{"(dotimes (i 3) (print i))",
			"(block nil (let ((i 0)) (tagbody #:1 (if (>= i 3) (go #:2)) (print i) (setq i (1+ i)) (go #:1) #:2) nil))"},
		{"(dotimes (i n) (declare (fixnum i)) x)",
			"(block nil (let ((#:1 (%dotimes-count n)) (i 0)) (declare (fixnum i)) (tagbody #:2 (if (>= i #:1) (go #:3)) x (setq i (1+ i)) (go #:2) #:3) nil))"},
		{"(do ((i 0 (1+ i)) (j 1 (* j 2)) k) ((> i 3) j) (print i))",
			"(block nil (let ((i 0) (j 1) (k nil)) (tagbody #:1 (if (> i 3) (go #:2)) (print i) (psetq i (1+ i) j (* j 2)) (go #:1) #:2) j))"},
		{"(do* ((i 0 (1+ i))) ((> i 3)))",
			"(block nil (let* ((i 0)) (tagbody #:1 (if (> i 3) (go #:2)) (setq i (1+ i)) (go #:1) #:2) nil))"},
		{"(setf x 1 (car y) 2)", "(progn (setq x 1) (%set-car y 2))"},
		{"(setf (gethash k h 0) v)", "(%puthash k h v)"},
		{"(setf (gethash k h d) v)", "(%puthash k h (progn d v))"},
		{"(setf (cadr x) v)", "(%set-car (cdr x) v)"},
		{"(setf (third x) v)", "(%set-nth 2 x v)"},
		{"(setf (aref v i) 1)", "(%set-aref v i 1)"},
		{"(setf (point-x p) 1)", "(|(SETF POINT-X)| 1 p)"},
		{"(setf (point-x p) (f))", "(let* ((#:1 p) (#:2 (f))) (funcall (function (setf point-x)) #:2 #:1))"},
		{"(setf (getf pl :a) 1)", "(let* ((#:1 1)) (let ((#:2 (%putf pl :a #:1))) (setq pl #:2) #:1))"},
		{"(incf x)", "(setq x (1+ x))"},
		{"(decf x 2)", "(setq x (- x 2))"},
		{"(incf (gethash k h 0))", "(let* ((#:1 k) (#:2 h) (#:3 (1+ (gethash #:1 #:2 0)))) (%puthash #:1 #:2 #:3))"},
		{"(push a l)", "(setq l (cons a l))"},
		{"(push (f) (car l))", "(let* ((#:1 (f)) (#:2 l) (#:3 (cons #:1 (car #:2)))) (%set-car #:2 #:3))"},
		{"(pop l)", "(let ((#:1 l)) (setq l (cdr #:1)) (car #:1))"},
		{"(pushnew x l :test 'equal)", "(let* ((#:1 x)) (setq l (let ((#:2 l)) (if (member #:1 #:2 :test 'equal) #:2 (cons #:1 #:2)))))"},
		{"(rotatef a b)", "(let* ((#:1 b) (#:2 a)) (setq a #:1) (setq b #:2) nil)"},
		{"(shiftf a b 3)", "(let* ((#:1 a) (#:2 b) (#:3 3)) (setq a #:2) (setq b #:3) #:1)"},
		{"(with-output-to-string (s) (princ 1 s))",
			"(let ((s (make-string-output-stream))) (princ 1 s) (get-output-stream-string s))"},
		{"(assert (= a 1))", "(block nil (tagbody #:1 (unless (= a 1) (restart-case (%assert-failed '(= a 1)) (continue nil :report \"Retry assertion.\" (go #:1))))))"},
		{"(check-type x string)", "(block nil (tagbody #:1 (unless (typep x 'string) (restart-case (%check-type-failed 'x x 'string) (store-value (#:2) (setf x #:2) (go #:1))))))"},
	}
	for _, tc := range tests {
		if got := expand(t, tc.src); got != tc.want {
			t.Errorf("%s\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}
