package session

import (
	"context"
	"strconv"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

// installContext defines (context …) in an image of the session: with no
// arguments it exports the window to the context file and returns the
// file's path; with :drop, :keep or :note it makes the same edit as the
// file would and returns what the next request will do.
func (s *Session) installContext(it *interp.Interpreter) {
	it.Define("context", "(&key drop keep note)",
		"Writes the window to the context file and returns its path; with :drop, :keep and :note edits the window at the next request.",
		s.contextForm)
}

// contextForm is (context) and (context :drop SPANS :keep IDS :note TEXT).
func (s *Session) contextForm(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
	if len(args) == 0 {
		path, err := s.ExportContext(ctx)
		if err != nil {
			return nil, err
		}
		return lisp.NewString(path), nil
	}
	var c ContextCall
	unpack.Form("context", args, "&key", "drop", dropArg{&c}, "keep", keepArg{&c}, "note", &c.Note)
	plan, err := s.EditContext(ctx, c)
	if err != nil {
		// The session's errors name the form already.
		return nil, &lisp.Condition{Class: lisp.ClassSimpleError, Message: err.Error(), Cause: err}
	}
	return planValue(plan), nil
}

var (
	kwDrop = lisp.Sym(":drop")
	kwKeep = lisp.Sym(":keep")
	kwNote = lisp.Sym(":note")
)

// dropArg reads :drop: t, or what contextIDs reads.
type dropArg struct{ c *ContextCall }

func (d dropArg) UnpackLisp(v lisp.Value) error {
	if v == lisp.T {
		d.c.DropAll = true
		return nil
	}
	d.c.Drop, d.c.Spans = contextIDs(":drop", v, d.c.Drop, d.c.Spans)
	return nil
}

// keepArg reads :keep: what contextIDs reads.
type keepArg struct{ c *ContextCall }

func (k keepArg) UnpackLisp(v lisp.Value) error {
	k.c.Keep, k.c.KeepSpans = contextIDs(":keep", v, k.c.Keep, k.c.KeepSpans)
	return nil
}

// contextIDs reads one id, a (from . to) span, or a list of them.
func contextIDs(key string, v lisp.Value, ids []string, spans []SeqSpan) ([]string, []SeqSpan) {
	if sp, ok := spanOf(v); ok {
		return ids, append(spans, sp)
	}
	if c, ok := v.(*lisp.Cons); ok {
		for _, item := range lisp.ListToSlice("context", c) {
			if sp, ok := spanOf(item); ok {
				spans = append(spans, sp)
				continue
			}
			ids = append(ids, contextID(key, item))
		}
		return ids, spans
	}
	if v == lisp.Nil {
		return ids, spans
	}
	return append(ids, contextID(key, v)), spans
}

// spanOf reads a (from . to) dotted pair of seqs.
func spanOf(v lisp.Value) (SeqSpan, bool) {
	c, ok := v.(*lisp.Cons)
	if !ok {
		return SeqSpan{}, false
	}
	from, ok1 := c.Car.(lisp.Fixnum)
	to, ok2 := c.Cdr.(lisp.Fixnum)
	if !ok1 || !ok2 {
		return SeqSpan{}, false
	}
	return SeqSpan{From: int64(from), To: int64(to)}, true
}

// contextID reads a seq (an integer) or a note id ("note-SEQ-K").
func contextID(key string, v lisp.Value) string {
	switch x := v.(type) {
	case lisp.Fixnum:
		if x > 0 {
			return strconv.FormatInt(int64(x), 10)
		}
	case *lisp.String:
		if isNoteID(x.S) {
			return x.S
		}
		if n, err := strconv.ParseInt(x.S, 10, 64); err == nil && n > 0 {
			return x.S
		}
	}
	lisp.Errorf("context: %s takes t, seqs, note ids and (from . to) spans, got %s", key, lisp.Prin1ToString(v))
	return ""
}

// planValue is a plan as Lisp: (:drop (41 42 "note-88-0") :keep (44)
// :note "…" :taken-at :next-request).
func planValue(p ContextPlan) lisp.Value {
	ids := func(list []string) lisp.Value {
		var b lisp.ListBuilder
		for _, id := range list {
			if n, err := strconv.ParseInt(id, 10, 64); err == nil {
				b.Add(lisp.MakeInt(n))
			} else {
				b.Add(lisp.NewString(id))
			}
		}
		return b.List()
	}
	var note lisp.Value = lisp.Nil
	if p.Note != "" {
		note = lisp.NewString(p.Note)
	}
	var when lisp.Value = lisp.Sym(":next-request")
	if len(p.Drop) == 0 && p.Note == "" {
		when = lisp.Nil
	}
	return lisp.List(kwDrop, ids(p.Drop), kwKeep, ids(p.Keep), kwNote, note, lisp.Sym(":taken-at"), when)
}
