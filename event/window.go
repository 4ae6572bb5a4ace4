package event

import (
	"maps"
	"strconv"
)

// The records a request leaves: where it was, what it evicted and warned
// of, and the token figures the host reported.

// Request marks a request: how many messages and tokens the window it
// sent held, and the turn head stood on.
type Request struct {
	Messages int   `json:"messages"`
	Tokens   int   `json:"tokens"`
	Head     int64 `json:"head"`
}

// Eviction is the whole eviction standing after it, so the newest one is
// all a window needs to know: the boundary only moves forward, and each
// record carries everything before it.
type Eviction struct {
	// Boundary: path turns whose input seq is ≤ Boundary are evicted.
	Boundary int64 `json:"boundary"`
	// Shed maps a turn (its input seq, as text) to the seq through which
	// its rounds were shed into its turnstub.
	Shed map[string]int64 `json:"shed"`
	// Through is the newest evicted path turn when Span was computed; the
	// span still describes the current path when that turn is on it.
	Through int64 `json:"through"`
	// Span is what the whole-turn stub shows.
	Span Span `json:"span"`
	// Why is "auto" for an eviction a request made, "manual" for /evict.
	Why string `json:"why"`
}

// Span is the evicted turns as their stub describes them.
type Span struct {
	First    int64       `json:"first"`
	Last     int64       `json:"last"`
	Turns    int         `json:"turns"`
	Defined  []string    `json:"defined"`
	Watching []SpanWatch `json:"watching"`
	Notes    []SpanNote  `json:"notes"`
	// EarlierNotes counts the older notes compact left out.
	EarlierNotes int `json:"earlier_notes,omitempty"`
}

// SpanWatch is a watched global's value as the span last showed it.
type SpanWatch struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// SpanNote is a cell's note, or a context edit's, by the seq that names it.
type SpanNote struct {
	Seq  int64  `json:"seq"`
	Text string `json:"text"`
}

// Warning is the text a request added to tell the agent its window is
// nearly full.
type Warning struct {
	Usage   int    `json:"usage"`
	Budget  int    `json:"budget"`
	Percent int    `json:"percent"`
	Text    string `json:"text"`
}

// Ceiling is a budget the provider's refusal revealed (Tokens) and the
// lowest the host has seen.
type Ceiling struct {
	Tokens int `json:"tokens"`
	Lowest int `json:"lowest"`
}

// Usage is the provider's count of the input tokens of request Request.
type Usage struct {
	Request     int64 `json:"request"`
	InputTokens int   `json:"input_tokens"`
}

// ContextEdit is what one taken edit of the window does, in ids, so the
// window can be rebuilt from the log alone. Ids are seqs written as text,
// or note ids "note-SEQ-K" (docs/context.md).
type ContextEdit struct {
	// Source is "file" for an edited context file, "call" for (context …)
	// calls.
	Source string `json:"source"`
	// Nonce is the export's nonce (file) or the call's id: a request that
	// finds the same nonce already taken does not take it twice.
	Nonce string `json:"nonce"`
	// Drops leave the window; a tool call and its result are both listed.
	Drops []string `json:"drops"`
	// Rewrites give messages new text: a log message's window text gains
	// the edited mark after it.
	Rewrites map[string]string `json:"rewrites"`
	// Notes are the agent's new words, each standing in a turn after the
	// message with seq After (0: before the turn's input). Note K of this
	// event is note-SEQ-K.
	Notes []EditNote `json:"notes"`
	// Restores bring earlier drops back.
	Restores []string `json:"restores"`
}

// EditNote is one note a context edit adds.
type EditNote struct {
	Text  string `json:"text"`
	Turn  int64  `json:"turn"`
	After int64  `json:"after"`
}

// Settings is what the window depends on besides the turns: the session's
// model, whose budget it is, its system prompt, and the runtime budget
// overrides by model.
type Settings struct {
	Model     string         `json:"model"`
	System    string         `json:"system"`
	Overrides map[string]int `json:"overrides"`
}

func (Request) Kind() string     { return KindRequest }
func (Eviction) Kind() string    { return KindEviction }
func (Warning) Kind() string     { return KindWarning }
func (Ceiling) Kind() string     { return KindCeiling }
func (Usage) Kind() string       { return KindUsage }
func (ContextEdit) Kind() string { return KindContextEdit }
func (Settings) Kind() string    { return KindSettings }

// ShedThrough is the seq through which turn's rounds were shed, 0 if none.
func (e Eviction) ShedThrough(turn int64) int64 {
	return e.Shed[strconv.FormatInt(turn, 10)]
}

// Changes reports whether the edit does anything to the window.
func (e ContextEdit) Changes() bool {
	return len(e.Drops)+len(e.Rewrites)+len(e.Notes)+len(e.Restores) > 0
}

// Equal reports whether two settings records say the same.
func (s Settings) Equal(t Settings) bool {
	return s.Model == t.Model && s.System == t.System && maps.Equal(s.Overrides, t.Overrides)
}
