package interp

import (
	"context"
	"fmt"
	"reflect"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// A HostFunc is a host builtin's Go function. ctx is the evaluating
// cell's context, so a store query or a network call ends when the cell
// is cancelled; args are the call's arguments, which the function reads
// with unpack.Form (or unpack.Args, for a function in Common Lisp's
// manner). A returned error becomes a Lisp error (catchable with
// handler-case) that keeps it as its cause; a *lisp.Condition is
// signalled as it is.
type HostFunc func(ctx context.Context, args []lisp.Value) (lisp.Value, error)

// Define adds a host builtin. lambdaList is its parameter list as
// describe shows it, "(query &key limit window)", and the evaluator
// checks the argument count it implies (eval.LambdaListArity, the one
// reading the library's builtins get; a list it cannot read takes any
// number, and the function's unpacking checks them instead).
func (it *Interpreter) Define(name, lambdaList, doc string, fn HostFunc) {
	least, most, _ := eval.LambdaListArity(lambdaList)
	lisp.MarkExtension(lisp.Sym(name).Name) // a host builtin is NODELISP's
	it.evaluator.Define(&eval.Builtin{
		Name: name, Doc: doc, Args: lambdaList, Min: least, Max: most,
		Fn: func(t *eval.Thread, args []lisp.Value) lisp.Value {
			ctx := t.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			v, err := fn(withThread(ctx, t), args)
			if err != nil {
				signalGoError(name, err)
			}
			if v == nil {
				return lisp.Nil
			}
			return v
		},
	})
}

// DefineFunc adds a builtin from an ordinary Go function. Its parameters
// and results are converted with FromLisp and ToLisp, so a host can write
//
//	it.DefineFunc("greet", "Greets someone.", func(name string, times int64) string { … })
//
// The function may return nothing, one value, an error, or a value and an
// error. A variadic final parameter takes the remaining arguments.
func (it *Interpreter) DefineFunc(name, doc string, goFunc any) error {
	fv := reflect.ValueOf(goFunc)
	ft := fv.Type()
	if ft.Kind() != reflect.Func {
		return fmt.Errorf("define %s: not a function: %T", name, goFunc)
	}
	errType := reflect.TypeOf((*error)(nil)).Elem()
	switch {
	case ft.NumOut() > 2,
		ft.NumOut() == 2 && ft.Out(1) != errType:
		return fmt.Errorf("define %s: results must be (), (T), (error) or (T, error)", name)
	}
	min, max := ft.NumIn(), ft.NumIn()
	if ft.IsVariadic() {
		min, max = ft.NumIn()-1, -1
	}
	lisp.MarkExtension(lisp.Sym(name).Name)
	it.evaluator.Define(&eval.Builtin{
		Name: name, Doc: doc, Args: argsText(ft), Min: min, Max: max,
		Fn: func(_ *eval.Thread, args []lisp.Value) lisp.Value {
			in := make([]reflect.Value, len(args))
			for i, a := range args {
				pt := paramType(ft, i)
				p := reflect.New(pt)
				if err := FromLisp(a, p.Interface()); err != nil {
					lisp.TypeError(name, a, lispTypeName(pt))
				}
				in[i] = p.Elem()
			}
			outs := fv.Call(in)
			if len(outs) > 0 && outs[len(outs)-1].Type() == errType {
				if err, _ := outs[len(outs)-1].Interface().(error); err != nil {
					signalGoError(name, err)
				}
				outs = outs[:len(outs)-1]
			}
			if len(outs) == 0 {
				return lisp.Nil
			}
			v, err := ToLisp(outs[0].Interface())
			if err != nil {
				signalGoError(name, err)
			}
			return v
		},
	})
	return nil
}

func paramType(ft reflect.Type, i int) reflect.Type {
	if ft.IsVariadic() && i >= ft.NumIn()-1 {
		return ft.In(ft.NumIn() - 1).Elem()
	}
	return ft.In(i)
}

func argsText(ft reflect.Type) string {
	s := "("
	for i := 0; i < ft.NumIn(); i++ {
		if i > 0 {
			s += " "
		}
		if ft.IsVariadic() && i == ft.NumIn()-1 {
			s += "&rest "
		}
		s += fmt.Sprintf("arg%d", i+1)
	}
	return s + ")"
}

// signalGoError turns a host's Go error into a Lisp error that keeps it as
// its Cause, so the embedder reaches it with errors.As through the error
// Eval returns. A *lisp.Condition passes through unchanged so hosts can
// signal typed conditions.
func signalGoError(name string, err error) {
	if c, ok := err.(*lisp.Condition); ok {
		lisp.Signal(c)
	}
	lisp.Signal(&lisp.Condition{Class: lisp.ClassSimpleError, Message: name + ": " + err.Error(), Cause: err})
}
