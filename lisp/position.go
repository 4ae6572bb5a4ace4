package lisp

import (
	"fmt"
	"strconv"
	"strings"
)

// Source is one text code was read from: a cell or a file. Every
// position read from the text points at the same Source, so two
// positions are in the same text exactly when their Sources are the same
// pointer.
type Source struct {
	// File is the path of a script or loaded file; "" for a cell.
	File string
	// Seq is the session log's seq of the tool call that carried the
	// cell (0 when the text is not a logged cell): (recall-entry Seq)
	// shows the code.
	Seq int64
}

// Label names the source for a reader: "[seq N]", the file, or "" when
// nothing is known of it.
func (s *Source) Label() string {
	switch {
	case s == nil:
		return ""
	case s.Seq > 0:
		return "[seq " + strconv.FormatInt(s.Seq, 10) + "]"
	}
	return s.File
}

// Pos is a place in a Source: 1-based line and column (the column counts
// runes). The zero Pos is no position.
type Pos struct {
	Line, Col int
	Source    *Source
	// Expansion, when set, says the place is in code a macro written in
	// Lisp generated, which was never read: Line and Col are those of the
	// call that the code was generated for.
	Expansion *Expansion
}

// Expansion is a call of a macro written in Lisp, whose expansion code
// at a Pos came from.
type Expansion struct {
	Macro string // the macro's name, as Lisp prints it
	Form  Value  // the calling form, printed only when an error is reported
}

// maxFormText is how long the calling form's text in a note grows before
// it is cut.
const maxFormText = 60

// FormText is the calling form printed on one line, cut short.
func (e *Expansion) FormText() string {
	o := DefaultPrintOptions(true)
	o.Length, o.Level = 6, 3
	form := []rune(WriteToString(e.Form, o))
	if len(form) > maxFormText {
		form = append(form[:maxFormText-1], '…')
	}
	return string(form)
}

// Note is the words an error message ends with: "in the expansion of
// macro M, called as (m …)".
func (e *Expansion) Note() string {
	return "in the expansion of macro " + e.Macro + ", called as " + e.FormText()
}

// IsZero reports whether p is no position.
func (p Pos) IsZero() bool { return p.Line == 0 }

// String is "LINE:COL", or "" for no position.
func (p Pos) String() string {
	if p.IsZero() {
		return ""
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Col)
}

// In is p as read from the text of current: "LINE:COL" when p is in
// current (or its source is unknown), else "LINE:COL in LABEL", naming
// the earlier cell or the file.
func (p Pos) In(current *Source) string {
	if p.IsZero() || p.Source == nil || p.Source == current || p.Source.Label() == "" {
		return p.String()
	}
	return p.String() + " in " + p.Source.Label()
}

// StringPlace is a place inside a string's text: Offset is a byte offset
// into Text, as a format-error's message counts it.
type StringPlace struct {
	Text   string
	Offset int
}

// Frame is one function activation an error unwound through, as a
// backtrace shows it.
type Frame struct {
	// Function is the function's name; "(lambda)" for an anonymous one.
	Function string
	// Call is where it was called: in the caller's text, which for a
	// function defined in an earlier cell is that cell's.
	Call Pos
	// Repeat is how many activations in a row this frame stands for: a
	// recursion of one function called from one place is folded into
	// one frame. 1 for a frame that is not folded.
	Repeat int
}

// Backtrace is the Lisp frames an error unwound through, innermost
// first, folded and cut to a bounded length.
type Backtrace struct {
	Frames []Frame
	// More is how many frames, after folding, were left out beyond
	// the last shown.
	More int
}

// MaxFrames is how many (folded) frames a backtrace keeps.
const MaxFrames = 12

// Lines renders b one frame a line, each indented by two spaces, with
// positions named relative to current (see Pos.In).
func (b *Backtrace) Lines(current *Source) []string {
	if b == nil {
		return nil
	}
	lines := make([]string, 0, len(b.Frames)+1)
	for _, f := range b.Frames {
		var sb strings.Builder
		sb.WriteString("  ")
		sb.WriteString(f.Function)
		if f.Repeat > 1 {
			sb.WriteString(" ×")
			sb.WriteString(groupThousands(f.Repeat))
		}
		if at := f.Call.In(current); at != "" {
			sb.WriteString(", called at ")
			sb.WriteString(at)
		}
		if e := f.Call.Expansion; e != nil {
			sb.WriteString(", in the expansion of macro ")
			sb.WriteString(e.Macro)
		}
		lines = append(lines, sb.String())
	}
	if b.More > 0 {
		lines = append(lines, fmt.Sprintf("  … %s more", groupThousands(b.More)))
	}
	return lines
}

// groupThousands writes n with commas between groups of three digits.
func groupThousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
