package event

// The records of a turn: the input that opens it, the answers, the cells
// (a tool call and its result) and the head moves between turns.

// Input opens a turn: the user's text and the turn it follows (Parent, the
// input seq of the turn head stood on; 0 at the root).
type Input struct {
	Text   string `json:"text"`
	Parent int64  `json:"parent"`
}

// Answer is the assistant's text.
type Answer struct {
	Text string `json:"text"`
}

// ToolCall is a cell as the agent sent it, with the note it carries
// (null when none).
type ToolCall struct {
	Code string  `json:"code"`
	Note *string `json:"note"`
}

// ToolResult is what a cell printed and returned, recorded when it ended.
type ToolResult struct {
	// Call is the seq of the tool call it answers.
	Call       int64             `json:"call"`
	Text       string            `json:"text"`
	DurationMS int64             `json:"duration_ms"`
	Error      bool              `json:"error"`
	Defined    []string          `json:"defined"`
	Watching   map[string]string `json:"watching"`
	// Recall is set, and only then written, when the cell called a
	// recall builtin: recall's default reads leave such echoes out.
	Recall bool `json:"recall,omitempty"`
	// Condition is set, and only then written, when the cell ended in an
	// error: its type, position and backtrace.
	Condition *Condition `json:"condition,omitempty"`
	// Clip is the window's clip limit in bytes, fixed when the result
	// was recorded; 0 in results recorded before clipping.
	Clip int `json:"clip,omitempty"`
	// Interrupted marks the result a resume records for a call whose
	// host stopped before the cell finished.
	Interrupted bool `json:"interrupted,omitempty"`
}

// Condition is an error a cell ended in, as front ends report it to a
// program: serve, --json and a tool result's "condition" send this shape.
type Condition struct {
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
	Backtrace  []Frame `json:"backtrace,omitempty"`
	MoreFrames int     `json:"more_frames,omitempty"`
}

// Frame is one frame of a backtrace.
type Frame struct {
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

// HeadMove moves head from one turn to another ("undo", "redo", "rewind",
// …: Why); 0 is the root.
type HeadMove struct {
	From int64  `json:"from"`
	To   int64  `json:"to"`
	Why  string `json:"why"`
}

// FileChange is one file's contents before and after a change, nil for
// absent.
type FileChange struct {
	Path   string  `json:"path"`
	Before *string `json:"before"`
	After  *string `json:"after"`
	// Move is set on the changes a head move made while restoring files:
	// the seq of that head move. They are kept out of their turn's own
	// changes, so undoing the turn later undoes what its cells did, not
	// what a restore did.
	Move int64 `json:"move,omitempty"`
	// Reconciled marks a change a resume recorded to make the log match
	// the disk again.
	Reconciled bool `json:"reconciled,omitempty"`
}

func (Input) Kind() string      { return KindInput }
func (Answer) Kind() string     { return KindAnswer }
func (ToolCall) Kind() string   { return KindToolCall }
func (ToolResult) Kind() string { return KindToolResult }
func (HeadMove) Kind() string   { return KindHeadMove }
func (FileChange) Kind() string { return KindFileChange }
