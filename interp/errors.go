package interp

import (
	"errors"
	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// ErrorReport is an error of a cell as front ends report it, to a person
// (Lines) or to a program (the JSON fields of event.Condition, as serve,
// --json and a tool result's "condition" send them).
type ErrorReport struct {
	event.Condition

	lines []string
	// header is the first line after the program's name (Header).
	header string
}

// FrameReport is one frame of a backtrace.
type FrameReport = event.Frame

// Report describes err, an error Eval or EvalCell returned, for a cell
// read from current (nil when unknown): positions in current are given
// plainly, others name their cell or file.
func Report(err error, current *lisp.Source) ErrorReport {
	r := report(err, current)
	r.header = header(err)
	return r
}

// report is Report without the header.
func report(err error, current *lisp.Source) ErrorReport {
	var c *lisp.Condition
	var rerr *reader.Error
	switch {
	case errors.As(err, &c):
		r := ErrorReport{Condition: event.Condition{Type: c.TypeName(), Message: c.Message, Position: c.Pos.String()}}
		if bt := c.Backtrace; bt != nil {
			for _, f := range bt.Frames {
				fr := FrameReport{Function: f.Function, Call: f.Call.String(), Repeat: f.Repeat}
				if src := f.Call.Source; src != nil && src != current {
					fr.CallSeq, fr.CallFile = src.Seq, src.File
				}
				r.Backtrace = append(r.Backtrace, fr)
			}
			r.MoreFrames = bt.More
			r.lines = bt.Lines(current)
		}
		return r
	case errors.As(err, &rerr):
		return ErrorReport{Condition: event.Condition{Type: "reader-error", Message: rerr.Msg, Position: rerr.Pos.String()}}
	}
	return ErrorReport{Condition: event.Condition{Type: "error", Message: err.Error()}}
}

// Header is the error's own line as a program prints it to a person,
// under the program's name: NAME:LINE:COL: message when the error has a
// position, else NAME: and the error's text. The backtrace (Lines) goes
// under it.
func (r ErrorReport) Header(name string) string { return name + r.header }

// header is what follows the program's name on an error's own line. A
// reader error inside a condition is told by its reader position.
func header(err error) string {
	var cond *lisp.Condition
	var rerr *reader.Error
	switch {
	case errors.As(err, &rerr):
		return ":" + rerr.Error()
	case errors.As(err, &cond) && !cond.Pos.IsZero():
		return ":" + cond.Pos.String() + ": " + cond.Shown()
	}
	return ": " + err.Error()
}

// Lines is the backtrace as text, one indented frame a line, to print
// under the error's own line; nil when there is none.
func (r ErrorReport) Lines() []string { return r.lines }

// BacktraceLines is Report(err, current).Lines(): the backtrace of err as
// text, for a front end that prints the error line itself.
func BacktraceLines(err error, current *lisp.Source) []string {
	return Report(err, current).Lines()
}
