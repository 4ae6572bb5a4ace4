// Package interp is the embedding API of nodelisp: what a Go host imports to
// run Lisp cells. It assembles an image from the evaluator (package eval)
// and the Common Lisp library (package builtins), lets the host add its own
// builtins and globals, and converts between Go and Lisp values so the host
// never touches cons cells.
//
// The core has no file, network or process access; a host that wants such
// verbs defines them here with Define or DefineFunc.
package interp

import (
	"bytes"
	"context"
	"io"
	"strings"

	"github.com/nodelisp/nodelisp/builtins"
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// Options configure an Interpreter. The zero value is ready to use.
type Options struct {
	// Stdout receives what cells print. When nil, each Result carries the
	// output of its cell in Output instead.
	Stdout io.Writer
	// Limits bound each cell (steps, call depth, output bytes); zero
	// fields take the defaults.
	Limits eval.Limits
	// OneStream says the cells are the forms of one program printing to
	// one Stdout, as a script's are: the output column carries from cell
	// to cell, so fresh-line and ~& after an earlier form's output begin
	// a new line as they would in one program.
	OneStream bool
	// Stderr, when set, is where *error-output* writes (warn's warnings
	// and (format *error-output* …)), as a script's stderr; when nil
	// they go with the rest of the cell's output.
	Stderr io.Writer
	// ResultMargin, when above 0, pretty-prints each result to fit that
	// many columns, as a REPL at a terminal of that width shows it; 0
	// prints results on one line.
	ResultMargin int
}

// Interpreter is one Lisp image with the whole library installed. Its
// globals and definitions persist from cell to cell. It is not safe for
// concurrent use: evaluate one cell at a time.
type Interpreter struct {
	evaluator *eval.Interp
	opts      Options
}

// Result is what one cell gave back.
type Result struct {
	Value lisp.Value // the primary value of the cell's last form
	// Printed is every value of the last form printed as prin1 prints
	// it, one a line, as a REPL shows (values 1 2).
	Printed string
	Output  string   // what the cell printed, when Options.Stdout is nil
	Defined []string // names the cell defined with defun, defvar, …
	Note    string   // the cell's ";;" note, if it opened with one
}

// New returns an interpreter with the Common Lisp library installed.
func New(opts Options) *Interpreter {
	evaluator := eval.New(opts.Limits)
	evaluator.CarryColumn(opts.OneStream)
	if opts.Stderr != nil {
		evaluator.SetErrorOutput(opts.Stderr)
	}
	builtins.Install(evaluator)
	return &Interpreter{evaluator: evaluator, opts: opts}
}

// Evaluator returns the eval image underneath, for hosts that register
// builtins written against package eval directly.
func (it *Interpreter) Evaluator() *eval.Interp { return it.evaluator }

// Eval reads and evaluates one cell. A Lisp error ends the cell and comes
// back as the error (a *lisp.Condition or a *reader.Error, both carrying a
// position); the interpreter stays usable.
func (it *Interpreter) Eval(ctx context.Context, cell string) (Result, error) {
	parsed, err := reader.ReadCell(cell)
	if err != nil && !it.ReadsLive(parsed) {
		return Result{}, err
	}
	return it.evalCell(ctx, parsed)
}

// StandardSyntax reports whether *readtable* reads as the standard
// readtable does; a runner that runs a cell form by form runs the rest of
// the cell's text as a Tail once it does not.
func (it *Interpreter) StandardSyntax() bool { return it.evaluator.StandardSyntax() }

// ReadsLive reports whether a cell that did not read ahead (in the
// standard syntax) is still to be run: when *readtable* is not the
// standard syntax and the cell is not merely incomplete, its forms are
// read under the image's readtable as they run, which may read them.
func (it *Interpreter) ReadsLive(cell *reader.Cell) bool {
	return cell.Err() != nil && !cell.Incomplete() && !it.evaluator.StandardSyntax()
}

// EvalCell evaluates a cell the host has read already (with
// reader.ReadSource, naming its text, so errors and backtraces say which
// cell or file a position is in), as Eval does.
func (it *Interpreter) EvalCell(ctx context.Context, cell *reader.Cell) (Result, error) {
	return it.evalCell(ctx, cell)
}

func (it *Interpreter) evalCell(ctx context.Context, parsed *reader.Cell) (Result, error) {
	out := it.opts.Stdout
	var captured *bytes.Buffer
	if out == nil {
		captured = &bytes.Buffer{}
		out = captured
	}
	res, err := it.evaluator.EvalCell(ctx, parsed, out)
	r := Result{Value: res.Value, Defined: res.Defined, Note: parsed.Note}
	if captured != nil {
		r.Output = captured.String()
	}
	if err != nil {
		return r, err
	}
	vals := res.Values
	if len(vals) == 0 {
		// (values) shows nil, the value a caller would see.
		vals = []lisp.Value{res.Value}
	}
	printed := make([]string, len(vals))
	for i, v := range vals {
		if err := preprint(ctx, v); err != nil {
			return r, err
		}
		printed[i] = it.evaluator.PrintResult(v, it.opts.ResultMargin)
	}
	r.Printed = strings.Join(printed, "\n")
	return r, nil
}

// EvalForm evaluates one form of an already-read cell, so a runner can
// act on each top-level result in turn; errors carry the form's position.
func (it *Interpreter) EvalForm(ctx context.Context, cell *reader.Cell, form lisp.Value) (Result, error) {
	return it.evalCell(ctx, cell.FormCell(form))
}

// SetStdout changes where cells print; nil captures each cell's output in
// its Result instead.
func (it *Interpreter) SetStdout(w io.Writer) { it.opts.Stdout = w }

// Set sets a global variable to the Lisp form of a Go value (see ToLisp).
func (it *Interpreter) Set(name string, goValue any) error {
	v, err := ToLisp(goValue)
	if err != nil {
		return err
	}
	lisp.MarkExtension(lisp.Sym(name).Name) // a host's variable is NODELISP's
	it.evaluator.SetGlobal(name, v)
	return nil
}

// Get converts a global variable's value into dst, a pointer (see FromLisp).
func (it *Interpreter) Get(name string, dst any) error {
	v, ok := it.evaluator.Global(name)
	if !ok {
		return &lisp.Condition{Class: lisp.ClassUnboundVariable, Message: "unbound variable: " + name}
	}
	return FromLisp(v, dst)
}
