package serve

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/nodelisp/nodelisp/session"
)

type evictParams struct {
	target
	// Arg is /evict's argument: "40", "40%", "through 12"; "" is 50%.
	Arg string `json:"arg"`
}

// Evicted is what evict did.
type Evicted struct {
	Boundary int64   `json:"boundary"`
	Turns    []int64 `json:"turns"`
	First    int64   `json:"first"`
	Last     int64   `json:"last"`
	Before   int     `json:"before"`
	After    int     `json:"after"`
	Seq      int64   `json:"seq"`
}

// evictHistory is /evict. An argument that does not parse is a params
// error; one the session cannot honour (nothing to evict, the running
// turn, a turn evicted already) is refused.
func evictHistory(_ *Server, ctx context.Context, s *session.Session, p evictParams) (any, error) {
	r, err := s.Evict(ctx, p.Arg)
	if errors.As(err, new(*session.EvictArgError)) {
		return nil, errorf(CodeInvalidParams, "invalid params: %v", err)
	}
	if err != nil {
		return nil, refused(err)
	}
	turns := r.Turns
	if turns == nil {
		turns = []int64{}
	}
	return Evicted{Boundary: r.Boundary, Turns: turns, First: r.First, Last: r.Last, Before: r.Before, After: r.After, Seq: r.Seq}, nil
}

// Export is where export wrote the context file.
type Export struct {
	Path string `json:"path"`
}

func exportContext(_ *Server, ctx context.Context, s *session.Session, _ target) (any, error) {
	path, err := s.ExportContext(ctx)
	if err != nil {
		return nil, err
	}
	return Export{Path: path}, nil
}

// editParams are (context :drop SPANS :keep IDS :note TEXT) as JSON: drop
// is true (every message that can go) or a list of seqs, ids ("note-57-0")
// and [from, to] spans; keep is a list of seqs and ids.
type editParams struct {
	target
	Drop json.RawMessage   `json:"drop"`
	Keep []json.RawMessage `json:"keep"`
	Note string            `json:"note"`
}

// Plan is what an edit will do at the next request, which takes it.
type Plan struct {
	Drop []string `json:"drop"`
	Keep []string `json:"keep"`
	Note string   `json:"note"`
}

func editContext(_ *Server, ctx context.Context, s *session.Session, p editParams) (any, error) {
	c := session.ContextCall{Note: p.Note}
	if err := parseDrop(p.Drop, &c); err != nil {
		return nil, err
	}
	for _, raw := range p.Keep {
		id, ok := idOf(raw)
		if !ok {
			return nil, errorf(CodeInvalidParams, "invalid params: keep takes seqs and ids, got %s", raw)
		}
		c.Keep = append(c.Keep, id)
	}
	plan, err := s.EditContext(ctx, c)
	if err != nil {
		return nil, refused(err)
	}
	return Plan{Drop: nonNilStrings(plan.Drop), Keep: nonNilStrings(plan.Keep), Note: plan.Note}, nil
}

func parseDrop(raw json.RawMessage, c *session.ContextCall) error {
	if len(raw) == 0 || string(raw) == "null" || string(raw) == "false" {
		return nil
	}
	if string(raw) == "true" {
		c.DropAll = true
		return nil
	}
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		return errorf(CodeInvalidParams, "invalid params: drop must be true or a list of seqs, ids and [from, to] spans")
	}
	for _, item := range items {
		if id, ok := idOf(item); ok {
			c.Drop = append(c.Drop, id)
			continue
		}
		var span []int64
		if json.Unmarshal(item, &span) != nil || len(span) != 2 {
			return errorf(CodeInvalidParams, "invalid params: drop takes seqs, ids and [from, to] spans, got %s", item)
		}
		c.Spans = append(c.Spans, session.SeqSpan{From: span[0], To: span[1]})
	}
	return nil
}

// idOf reads a message id: a seq as a number, or an id as a string.
func idOf(raw json.RawMessage) (string, bool) {
	var n int64
	if json.Unmarshal(raw, &n) == nil {
		return strconv.FormatInt(n, 10), true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil && s != "" {
		return s, true
	}
	return "", false
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// refused words an error of an edit or eviction the session would not
// make (an id the window lacks, the running turn) as CodeRefused: the
// session host does not tell those apart from the log failing, and the
// log failing is by far the rarer.
func refused(err error) *Error {
	if e := rpcError(err); e.Code != CodeServer {
		return e
	}
	return errorf(CodeRefused, "%v", err)
}
