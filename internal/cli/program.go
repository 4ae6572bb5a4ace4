package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// Program is one program to run to its end: a script file, an -e
// expression or standard input.
type Program struct {
	Name   string   // the file name, "-e" or "<stdin>": errors are NAME:LINE:COL
	Source string   // the program's text
	Args   []string // the arguments after it, bound to *args*
	JSON   bool     // print every top-level value as a JSON line (see Run)
	Limits eval.Limits

	Stdout, Stderr io.Writer
	// Install, when set, adds the caller's builtins to the interpreter
	// before the program runs; the function it returns runs at the end.
	Install func(it *interp.Interpreter) (done func())
}

// Run evaluates the program form by form and returns the exit status.
// With -e the value of the last form is printed; with JSON every line of
// stdout is one JSON value: each form's value, preceded, when the form
// printed anything, by a record {"output": TEXT} of what it printed, so
// `jq` reads the stream. An error stops the program: it goes to Stderr as
// NAME:LINE:COL: message and the status is ExitError.
func (p Program) Run() int {
	ctx, stop := interruptible()
	defer stop()
	out := p.Stdout
	var printed *bytes.Buffer
	if p.JSON {
		printed = &bytes.Buffer{}
		out = printed
	}
	it := interp.New(interp.Options{Stdout: out, Stderr: p.Stderr, Limits: p.Limits, OneStream: true})
	if p.Install != nil {
		defer p.Install(it)()
	}
	if err := it.Set("*args*", p.Args); err != nil {
		fmt.Fprintf(p.Stderr, "nodelisp: %v\n", err)
		return ExitError
	}
	cell, err := reader.ReadSource(p.Source, &lisp.Source{File: p.Name})
	if err != nil {
		p.reportError(err, nil)
		return ExitError
	}
	var last interp.Result
	for i := range cell.Forms {
		part := cell.Form(i)
		tail, syntaxChanged := (*reader.Cell)(nil), false
		if i > 0 && !it.StandardSyntax() {
			// A form before changed the syntax: the text after it may
			// divide into forms differently than read ahead, so it
			// runs as one cell read form by form as it runs.
			tail, syntaxChanged = cell.Tail(i - 1)
		}
		if syntaxChanged {
			part = tail
		}
		res, err := it.EvalCell(ctx, part)
		if printed != nil && printed.Len() > 0 {
			writeJSON(p.Stdout, map[string]string{"output": printed.String()})
			printed.Reset()
		}
		if err != nil {
			p.reportError(err, cell.Source())
			return ExitError
		}
		last = res
		if p.JSON {
			if err := PrintJSON(p.Stdout, res.Value); err != nil {
				fmt.Fprintf(p.Stderr, "nodelisp: %v\n", err)
				return ExitError
			}
		}
		if syntaxChanged {
			break
		}
	}
	if p.Name == "-e" && !p.JSON && len(cell.Forms) > 0 {
		fmt.Fprintln(p.Stdout, last.Printed)
	}
	return ExitOK
}

// handlerDelay is how long a program runs before Ctrl-C gets a handler.
const handlerDelay = 20 * time.Millisecond

// interruptible returns a context that a Ctrl-C cancels, which ends the
// program with "evaluation cancelled".
// The handler is installed only once the program has run for
// handlerDelay: installing it costs two goroutines and a thread, a sixth
// of a short script's whole run, and a Ctrl-C before then simply ends the
// process, as it does any program without a handler.
func interruptible() (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	interrupts := make(chan os.Signal, 1)
	timer := time.AfterFunc(handlerDelay, func() {
		signal.Notify(interrupts, os.Interrupt)
		go func() {
			select {
			case <-interrupts:
				cancel()
			case <-ctx.Done():
			}
		}()
	})
	return ctx, func() {
		timer.Stop()
		signal.Stop(interrupts)
		cancel()
	}
}

// reportError prints the error that stopped the program to Stderr and,
// with JSON, also as a record {"error": REPORT} on Stdout (see
// interp.ErrorReport), so a program reading the stream learns the
// condition's type and backtrace.
func (p Program) reportError(err error, current *lisp.Source) {
	ReportError(p.Stderr, p.Name, err, current)
	if p.JSON {
		writeJSON(p.Stdout, map[string]interp.ErrorReport{"error": interp.Report(err, current)})
	}
}

// ReportError prints a Lisp or reader error as NAME:LINE:COL: message,
// followed by the Lisp frames it unwound through, one a line, for a
// program read from current.
func ReportError(w io.Writer, name string, err error, current *lisp.Source) {
	r := interp.Report(err, current)
	fmt.Fprintln(w, r.Header(name))
	for _, line := range r.Lines() {
		fmt.Fprintln(w, line)
	}
}

// PrintJSON prints v as one JSON line.
func PrintJSON(w io.Writer, v lisp.Value) error {
	return writeJSON(w, interp.ToJSON(v))
}

// writeJSON writes v as one line of JSON, with <, > and & as they are:
// the stream is read by programs, not put into HTML.
func writeJSON(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}
