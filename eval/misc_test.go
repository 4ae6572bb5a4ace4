package eval

import (
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

func TestRunawayMacros(t *testing.T) {
	for _, src := range []string{
		"(defmacro m () '(m)) (m)",
		"(defmacro m () '(m)) (defun f () (m))",
		"(defmacro m (n) `(+ 1 (m ,n))) (m 1)",
	} {
		in := newTestInterp()
		_, err := in.EvalString(context.Background(), src, nil)
		if err == nil || !strings.Contains(err.Error(), "macro") && !strings.Contains(err.Error(), "nested too deeply") {
			t.Errorf("%s: got %v", src, err)
		}
		if got, _ := run(t, in, "(+ 1 1)"); got != "2" {
			t.Errorf("next cell after %s: %s", src, got)
		}
	}
}

func TestSignalAndWarn(t *testing.T) {
	in := newTestInterp()
	src := `(let ((log nil))
	  (handler-bind ((warning (lambda (c) (setq log (cons 'saw log)))))
	    (signal 'simple-warning :format-control "w")
	    (warn "careful"))
	  log)`
	got, out := run(t, in, src)
	if got != "(saw saw)" || out != "WARNING: careful\n" {
		t.Errorf("got %s, output %q", got, out)
	}
}

func TestConditionMessages(t *testing.T) {
	in := newTestInterp()
	src := `(handler-case (error 'type-error :datum 5 :expected-type 'list) (error (c) c))`
	res, err := in.EvalString(context.Background(), src, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := res.Value.(*lisp.Condition)
	if c.Message != "the value 5 is not of type list" || c.Class != lisp.ClassTypeError {
		t.Errorf("got %q", c.Message)
	}
	if got, _ := run(t, in, "(type-error-datum (handler-case (car 7) (error (c) c)))"); got != "7" {
		t.Errorf("type-error-datum: %s", got)
	}
	if got, _ := run(t, in, `(simple-condition-format-control (handler-case (error "x ~a" 1) (error (c) c)))`); got != `"x ~a"` {
		t.Errorf("format-control: %s", got)
	}
}

func TestDescribe(t *testing.T) {
	in := newTestInterp()
	run(t, in, `(defun doubled (x) "Twice X." (* 2 x)) (defvar *dv* 3 "A var.")`)
	if info := in.Describe(lisp.Sym("doubled")); info.Kind != "function" || info.Doc != "Twice X." || info.Args != "(x)" {
		t.Errorf("doubled: %+v", info)
	}
	if info := in.Describe(lisp.Sym("*dv*")); !info.Bound || info.VarDoc != "A var." {
		t.Errorf("*dv*: %+v", info)
	}
	if info := in.Describe(lisp.Sym("let")); info.Kind != "special operator" || info.Doc == "" {
		t.Errorf("let: %+v", info)
	}
	if info := in.Describe(lisp.Sym("funcall")); info.Kind != "function" || info.Doc == "" {
		t.Errorf("funcall: %+v", info)
	}
}

func TestEvalCellAndGlobals(t *testing.T) {
	in := newTestInterp()
	in.SetGlobal("*host*", lisp.MakeInt(41))
	cell, err := reader.ReadCell("(princ (+ *host* 1))")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	res, err := in.EvalCell(context.Background(), cell, &out)
	if err != nil || lisp.Prin1ToString(res.Value) != "42" || out.String() != "42" {
		t.Errorf("got %v %v %q", res.Value, err, out.String())
	}
	if v, ok := in.Global("*host*"); !ok || v != lisp.MakeInt(41) {
		t.Errorf("Global: %v %v", v, ok)
	}
}

func TestThreadCallFromBuiltin(t *testing.T) {
	in := newTestInterp()
	in.Define(&Builtin{Name: "call-twice", Min: 1, Max: 1, Fn: func(t *Thread, args []lisp.Value) lisp.Value {
		t.Call(args[0])
		return t.Call(args[0])
	}})
	if got, _ := run(t, in, "(let ((n 0)) (call-twice (lambda () (setq n (+ n 1)))))"); got != "2" {
		t.Errorf("got %s", got)
	}
	if got, _ := run(t, in, "(defun sym-fn () 'ok) (call-twice 'sym-fn)"); got != "ok" {
		t.Errorf("got %s", got)
	}
}
