package serve

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/recall"
	"github.com/nodelisp/nodelisp/store"
)

// The recall tools give MCP clients that will not write Lisp the three
// recall forms as tools of their own. Each call is turned into the form
// and run by package recall in an image of its own, so the forms' rules
// (defaults, kinds, ranking, errors) have one implementation; the rows
// come back as structured content and as readable text.

// findConversation tells a client how to find its own conversation
// among the sessions imported by --follow.
const findConversation = `Sessions imported from other agents are named after the tool and its own session id: claude-code-<id> for Claude Code (the id is the name of the transcript file, ~/.claude/projects/<project>/<id>.jsonl, and the session_id its hooks are given), codex-<id> for Codex (the id ends the rollout's name, rollout-<time>-<id>.jsonl), pi-<id> for pi. To find the current conversation when its id is unknown, search for a phrase said in it and read the session_id of the newest row.`

const recallSearchDescription = `Search every session of the log (this server's own, and transcripts imported from Claude Code, Codex and pi) for events whose text holds every word of the query (literally, ASCII case ignored). Rows: session_id, title, seq, a snippet of text, and the source tool for imported sessions; newest first, or best match first with rank "best". Read a whole event with recall_entry, its neighbours with recall_log. ` + findConversation

const recallLogDescription = `Read one session's log, oldest first: each event's seq, time, kind and body (clipped). Narrow with match (SQL LIKE: % any run, _ one character), before/after (exclusive seqs) and kinds. When more match than the limit, a first row gives matched and showing. ` + findConversation

const recallEntryDescription = `Read one event whole: seq, time, kind, full body, turn, session_id and the raw JSON payload (tool calls' arguments, imported records verbatim). Give the seq and the session_id from a recall_search or recall_log row.`

type recallSearchArgs struct {
	Query   string   `json:"query"`
	Kinds   []string `json:"kinds,omitempty"`
	Limit   *int64   `json:"limit,omitempty"`
	Window  *int64   `json:"window,omitempty"`
	Rank    string   `json:"rank,omitempty"`
	Session string   `json:"session,omitempty"`
	Since   string   `json:"since,omitempty"`
	Until   string   `json:"until,omitempty"`
}

type recallLogArgs struct {
	Session string   `json:"session"`
	Match   string   `json:"match,omitempty"`
	Before  *int64   `json:"before,omitempty"`
	After   *int64   `json:"after,omitempty"`
	Limit   *int64   `json:"limit,omitempty"`
	Clip    *int64   `json:"clip,omitempty"`
	Kinds   []string `json:"kinds,omitempty"`
	Since   string   `json:"since,omitempty"`
	Until   string   `json:"until,omitempty"`
}

type recallEntryArgs struct {
	Seq     int64  `json:"seq"`
	Session string `json:"session,omitempty"`
}

// Rows is a recall tool's structured answer.
type Rows struct {
	Rows []any `json:"rows"`
}

// Entry is recall_entry's structured answer; nil when no event holds
// the seq.
type Entry struct {
	Entry any `json:"entry"`
}

// recaller runs recall forms for the recall tools, one at a time.
type recaller struct {
	st   store.Store
	mu   sync.Mutex
	it   *interp.Interpreter
	once sync.Once
}

// run evaluates one recall form and returns its value.
func (r *recaller) run(ctx context.Context, form string) (lisp.Value, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.once.Do(func() {
		r.it = interp.New(interp.Options{})
		recall.Install(r.it, r.st, "")
	})
	res, err := r.it.Eval(ctx, form)
	if err != nil {
		return nil, fmt.Errorf("%s", interp.Report(err, nil).Message)
	}
	return res.Value, nil
}

func recallTools(r *recaller) []mcpTool {
	kinds := arg("kinds", "array", `kinds of event to read: "input", "assistant answer", "tool call", "tool result", or "all" (default: the first four)`)
	limit := arg("limit", "integer", "the most rows to return")
	since := arg("since", "string", `only events at or after this time: an ISO date ("2026-12-01", from its midnight UTC) or date-time ("2026-12-01T09:30:00Z"; no zone is UTC)`)
	until := arg("until", "string", `only events before this time: an ISO date (the whole day is kept) or date-time`)
	return []mcpTool{
		tool("recall_search", recallSearchDescription, []field{
			required("query", "string", "space-separated words, every one of which must appear"),
			kinds, limit,
			arg("window", "integer", "the snippet's length in characters (default 220)"),
			arg("rank", "string", `"newest" (default); "best": rows holding every word, those holding them more often first; "relevance": for a question, rows holding any of the words, the rarer words first (each row with its score and matched words)`),
			arg("session", "string", "keep only this session's rows (among the newest 2,000 matches)"),
			since, until,
		}, r.search),
		tool("recall_log", recallLogDescription, []field{
			required("session", "string", "the session id, as recall_search rows give it"),
			arg("match", "string", "keep events whose payload matches this SQL LIKE pattern"),
			arg("before", "integer", "only events with a seq below this"),
			arg("after", "integer", "only events with a seq above this"),
			limit,
			arg("clip", "integer", "clip each body to this many characters (default 200)"),
			kinds, since, until,
		}, r.log),
		tool("recall_entry", recallEntryDescription, []field{
			required("seq", "integer", "the event's seq"),
			arg("session", "string", "the session id (required: this server's tools have no current session of their own)"),
		}, r.entry),
	}
}

// rankName is a keyword's name as a client may give it.
var rankName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9-]*$`)

func (r *recaller) search(ctx context.Context, a recallSearchArgs) (*toolResult, Rows, error) {
	var f formText
	f.add("recall-search", lispString(a.Query))
	f.kinds(a.Kinds)
	limit := a.Limit
	if a.Session != "" {
		pool := int64(2000)
		limit = &pool
	}
	f.int("limit", limit)
	f.int("window", a.Window)
	if a.Rank != "" {
		if !rankName.MatchString(a.Rank) {
			return nil, Rows{}, fmt.Errorf("recall_search: rank must be a name such as \"best\", got %q", a.Rank)
		}
		f.add(":rank", ":"+a.Rank)
	}
	f.time("since", a.Since)
	f.time("until", a.Until)
	rows, err := r.rows(ctx, f.String())
	if err != nil {
		return nil, Rows{}, err
	}
	if a.Session != "" {
		kept := rows.Rows[:0]
		for _, row := range rows.Rows {
			if m, ok := row.(map[string]any); ok && m["session-id"] == a.Session {
				kept = append(kept, row)
			}
		}
		n := int64(60)
		if a.Limit != nil {
			n = *a.Limit
		}
		rows.Rows = kept[:min(int64(len(kept)), max(n, 0))]
	}
	return &toolResult{Content: []textContent{text(rowsText(rows.Rows))}}, rows, nil
}

func (r *recaller) log(ctx context.Context, a recallLogArgs) (*toolResult, Rows, error) {
	var f formText
	f.add("recall-log", ":session-id", lispString(a.Session))
	if a.Match != "" {
		f.add(":match", lispString(a.Match))
	}
	f.int("before", a.Before)
	f.int("after", a.After)
	f.int("limit", a.Limit)
	f.int("clip", a.Clip)
	f.kinds(a.Kinds)
	f.time("since", a.Since)
	f.time("until", a.Until)
	rows, err := r.rows(ctx, f.String())
	if err != nil {
		return nil, Rows{}, err
	}
	return &toolResult{Content: []textContent{text(rowsText(rows.Rows))}}, rows, nil
}

func (r *recaller) entry(ctx context.Context, a recallEntryArgs) (*toolResult, Entry, error) {
	if a.Session == "" {
		return nil, Entry{}, fmt.Errorf("recall_entry: give the session as well as the seq (recall_search rows name it)")
	}
	var f formText
	f.add("recall-entry", fmt.Sprint(a.Seq), ":session-id", lispString(a.Session))
	v, err := r.run(ctx, f.String())
	if err != nil {
		return nil, Entry{}, err
	}
	out := Entry{Entry: interp.ToJSON(v)}
	if out.Entry == nil {
		return &toolResult{Content: []textContent{text(fmt.Sprintf("no event holds seq %d in session %s", a.Seq, a.Session))}}, out, nil
	}
	return &toolResult{Content: []textContent{text(rowsText([]any{out.Entry}))}}, out, nil
}

// rows runs a form whose value is a list of rows.
func (r *recaller) rows(ctx context.Context, form string) (Rows, error) {
	v, err := r.run(ctx, form)
	if err != nil {
		return Rows{}, err
	}
	rows, _ := interp.ToJSON(v).([]any)
	if rows == nil {
		rows = []any{}
	}
	return Rows{Rows: rows}, nil
}

// formText builds a recall form's source from a tool's arguments.
type formText struct{ parts []string }

func (f *formText) add(parts ...string) { f.parts = append(f.parts, parts...) }

func (f *formText) int(key string, v *int64) {
	if v != nil {
		f.add(":"+key, fmt.Sprint(*v))
	}
}

// time passes a time bound as a string, which the form checks.
func (f *formText) time(key, v string) {
	if v != "" {
		f.add(":"+key, lispString(v))
	}
}

func (f *formText) kinds(kinds []string) {
	if len(kinds) == 0 {
		return
	}
	if len(kinds) == 1 && kinds[0] == "all" {
		f.add(":kinds", "t")
		return
	}
	quoted := make([]string, len(kinds))
	for i, k := range kinds {
		quoted[i] = lispString(k)
	}
	f.add(":kinds", "'("+strings.Join(quoted, " ")+")")
}

func (f *formText) String() string { return "(" + strings.Join(f.parts, " ") + ")" }

// lispString is s as a Lisp string literal.
func lispString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// longFields are a row's fields shown on lines of their own.
var longFields = map[string]bool{"text": true, "body": true, "payload": true}

// rowsText is rows for a person or a model to read: each row's short
// fields on one line, then its text or body.
func rowsText(rows []any) string {
	if len(rows) == 0 {
		return "no rows"
	}
	var b strings.Builder
	for i, row := range rows {
		if i > 0 {
			b.WriteString("\n")
		}
		m, ok := row.(map[string]any)
		if !ok {
			fmt.Fprintf(&b, "%v\n", row)
			continue
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return fieldOrder(keys[i]) < fieldOrder(keys[j]) })
		var short []string
		for _, k := range keys {
			if !longFields[k] {
				short = append(short, fmt.Sprintf("%s: %v", k, m[k]))
			}
		}
		b.WriteString(strings.Join(short, " · ") + "\n")
		for _, k := range keys {
			if longFields[k] {
				fmt.Fprintf(&b, "%v\n", m[k])
			}
		}
	}
	return b.String()
}

// fieldOrder puts a row's fields in the order the forms write them.
func fieldOrder(k string) int {
	for i, name := range []string{"matched", "showing", "session-id", "title", "seq", "at", "kind", "turn", "duration-ms", "source", "text", "body", "payload"} {
		if k == name {
			return i
		}
	}
	return 100
}
