package serve

import (
	"context"
	"time"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/session"
)

// The JSON shapes of results. Names are snake_case; seqs are the log's.

// SessionInfo is what open, resume and fork return.
type SessionInfo struct {
	Session string `json:"session"`
	Title   string `json:"title"`
	Head    int64  `json:"head"`
	Model   string `json:"model"`
	Store   string `json:"store"`
	Workdir string `json:"workdir,omitempty"`
}

func sessionInfo(s *session.Session, workdir string) SessionInfo {
	return SessionInfo{Session: s.ID(), Title: s.Title(), Head: s.Head(), Model: s.Model(), Store: s.Store().ID(), Workdir: workdir}
}

// Seq is what input and answer return: the event's seq.
type Seq struct {
	Seq int64 `json:"seq"`
}

// Cell is an evaluated cell. Text is the result as the window shows it,
// ending with its "[seq N]" line.
type Cell struct {
	Seq        int64             `json:"seq"`
	CallSeq    int64             `json:"call_seq"`
	Text       string            `json:"text"`
	Error      bool              `json:"error"`
	DurationMS int64             `json:"duration_ms"`
	Defined    []string          `json:"defined"`
	Watching   map[string]string `json:"watching"`
	// Stopped is "cancel" or "timeout" when the cell was stopped.
	Stopped string `json:"stopped,omitempty"`
	// Condition, for a cell that ended in an error, is the error's type
	// ("type-error", "unbound-variable", …), message, position and
	// backtrace, the frames a list, innermost first.
	Condition *interp.ErrorReport `json:"condition,omitempty"`
}

func cellOf(r session.CellResult) Cell {
	defined, watching := r.Defined, r.Watching
	if defined == nil {
		defined = []string{}
	}
	if watching == nil {
		watching = map[string]string{}
	}
	return Cell{
		Seq: r.ResultSeq, CallSeq: r.CallSeq, Text: r.Window, Error: r.Error,
		DurationMS: r.Duration.Milliseconds(), Defined: defined, Watching: watching,
		Condition: r.Condition,
	}
}

// Message is one window message; Seq is omitted for messages not from the
// log (system, stub, turnstub, warn, notes).
type Message struct {
	ID     string `json:"id"`
	Role   string `json:"role"`
	Text   string `json:"text"`
	Seq    int64  `json:"seq,omitempty"`
	Tokens int    `json:"tokens"`
}

// Window is the window and its budget figures.
type Window struct {
	Messages []Message `json:"messages"`
	Head     int64     `json:"head"`
	Boundary int64     `json:"boundary"`
	Budget   int       `json:"budget"`
	Source   string    `json:"source"`
	Usage    int       `json:"usage"`
	Percent  int       `json:"percent"`
	Warned   bool      `json:"warned"`
	// Warning and Evicted say what this request did (send only).
	Warning bool `json:"warning"`
	Evicted bool `json:"evicted"`
}

func windowOf(w *session.Window) Window {
	out := Window{
		Messages: make([]Message, 0, len(w.Messages)), Head: w.Head, Boundary: w.Boundary,
		Budget: w.Budget, Source: string(w.Source), Usage: w.Used(), Percent: percent(w.Used(), w.Budget),
		Warned: w.Warned, Warning: w.Warning, Evicted: w.Evicted,
	}
	for _, m := range w.Messages {
		out.Messages = append(out.Messages, Message{ID: m.ID, Role: m.Role, Text: m.Text, Seq: m.Seq, Tokens: m.Tokens})
	}
	return out
}

func percent(usage, budget int) int {
	if budget <= 0 {
		return 0
	}
	return evict.Percent(usage, budget)
}

// Figures are /context's figures: the budget and its source, what fills
// the window, the thresholds in tokens, and the boundary. Report is the
// text /context prints.
type Figures struct {
	Budget  int    `json:"budget"`
	Source  string `json:"source"`
	Used    int    `json:"used"`
	Free    int    `json:"free"`
	Percent int    `json:"percent"`
	Parts   Parts  `json:"parts"`
	// WarnAt and EvictTo are the thresholds in tokens; 0 when the budget
	// is unknown.
	WarnAt   int    `json:"warn_at"`
	EvictTo  int    `json:"evict_to"`
	Warned   bool   `json:"warned"`
	Boundary int64  `json:"boundary"`
	Report   string `json:"report"`
}

// Parts is the window's usage by part, in tokens.
type Parts struct {
	System   int `json:"system"`
	Stub     int `json:"stub"`
	Warning  int `json:"warning"`
	Finished int `json:"finished"`
	Running  int `json:"running"`
	Notes    int `json:"notes"`
}

func figuresOf(w *session.Window) Figures {
	u := w.Usage
	f := Figures{
		Budget: u.Budget, Source: string(u.Source), Used: w.Used(), Free: u.Free(), Percent: percent(w.Used(), u.Budget),
		Parts:  Parts{System: u.System, Stub: u.Stub, Warning: u.Warning, Finished: u.Finished, Running: u.Running, Notes: u.Notes},
		Warned: u.Warned, Boundary: u.Boundary, Report: evict.Report(u, 60, false),
	}
	if u.Budget > 0 {
		f.WarnAt = int(float64(u.Budget) * evict.WarnAt)
		f.EvictTo = int(float64(u.Budget) * evict.EvictTo)
	}
	return f
}

// Move is a head move: undo, redo, continue, rewind.
type Move struct {
	From  int64    `json:"from"`
	To    int64    `json:"to"`
	Why   string   `json:"why"`
	Seq   int64    `json:"seq"`
	Files []string `json:"files"`
	// Image says what the image could not get back exactly (a definition
	// made inside a let, a closure's form evaluated again).
	Image []string `json:"image"`
}

func moveOf(m session.Move) Move {
	files, image := m.Files, m.Image
	if files == nil {
		files = []string{}
	}
	if image == nil {
		image = []string{}
	}
	return Move{From: m.From, To: m.To, Why: m.Why, Seq: m.Seq, Files: files, Image: image}
}

// Tree is the session tree, one entry a turn, depth first.
type Tree struct {
	Head  int64      `json:"head"`
	Turns []TreeTurn `json:"turns"`
}

// TreeTurn is one turn of the tree.
type TreeTurn struct {
	Seq       int64  `json:"seq"`
	Parent    int64  `json:"parent"`
	FirstLine string `json:"first_line"`
	Depth     int    `json:"depth"`
	Head      bool   `json:"head"`
	OnPath    bool   `json:"on_path"`
	Hidden    bool   `json:"hidden"`
}

func treeOf(ctx context.Context, s *session.Session) (Tree, error) {
	turns, err := s.Tree(ctx)
	if err != nil {
		return Tree{}, err
	}
	t := Tree{Head: s.Head(), Turns: []TreeTurn{}}
	for _, n := range turns {
		t.Turns = append(t.Turns, TreeTurn{Seq: n.Seq, Parent: n.Parent, FirstLine: n.FirstLine, Depth: n.Depth, Head: n.Head, OnPath: n.OnPath, Hidden: n.Hidden})
	}
	return t, nil
}

// StoredSession is one session of the store, as sessions lists it.
type StoredSession struct {
	Session string    `json:"session"`
	Title   string    `json:"title"`
	Created time.Time `json:"created"`
	Parent  string    `json:"parent,omitempty"`
	Open    bool      `json:"open"`
}
