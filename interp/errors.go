package interp

import (
	"errors"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// ErrorReport is an error of a cell as front ends report it, to a person
// (Lines) or to a program (the JSON fields, as serve and --json send them).
type ErrorReport struct {
	// Type is the condition's type in lower case ("type-error",
	// "unbound-variable", "evaluation-limit"), "reader-error" for text
	// that does not read, "error" for any other Go error.
	Type string `json:"type"`
	// Message is the error's text without its position.
	Message string `json:"message"`
	// Position is "LINE:COL" in the cell or file, "" when unknown.
	Position string `json:"position,omitempty"`
	// Backtrace is the Lisp frames the error unwound through, innermost
	// first; MoreFrames counts those left out after the last.
	Backtrace  []FrameReport `json:"backtrace,omitempty"`
	MoreFrames int           `json:"more_frames,omitempty"`

	lines []string
}

// FrameReport is one frame of a backtrace.
type FrameReport struct {
	Function string `json:"function"`
	// Call is where the function was called, "LINE:COL"; CallSeq, when
	// not 0, is the seq of the earlier cell that text is in (the cell
	// that defined the caller), and CallFile the file.
	Call     string `json:"call,omitempty"`
	CallSeq  int64  `json:"call_seq,omitempty"`
	CallFile string `json:"call_file,omitempty"`
	// Repeat is how many activations in a row the frame stands for, when
	// a recursion was folded into it (1 otherwise).
	Repeat int `json:"repeat"`
}

// Report describes err, an error Eval or EvalCell returned, for a cell
// read from current (nil when unknown): positions in current are given
// plainly, others name their cell or file.
func Report(err error, current *lisp.Source) ErrorReport {
	var c *lisp.Condition
	var rerr *reader.Error
	switch {
	case errors.As(err, &c):
		r := ErrorReport{Type: c.TypeName(), Message: c.Message, Position: c.Pos.String()}
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
		return ErrorReport{Type: "reader-error", Message: rerr.Msg, Position: rerr.Pos.String()}
	}
	return ErrorReport{Type: "error", Message: err.Error()}
}

// Lines is the backtrace as text, one indented frame a line, to print
// under the error's own line; nil when there is none.
func (r ErrorReport) Lines() []string { return r.lines }

// BacktraceLines is Report(err, current).Lines(): the backtrace of err as
// text, for a front end that prints the error line itself.
func BacktraceLines(err error, current *lisp.Source) []string {
	return Report(err, current).Lines()
}
