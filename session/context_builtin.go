package session

import (
	"strconv"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
)

// installContext defines (context …) in an image of the session: with no
// arguments it exports the window to the context file and returns the
// file's path; with :drop, :keep or :note it makes the same edit as the
// file would and returns what the next request will do.
func (s *Session) installContext(it *interp.Interpreter) {
	it.Image().Define(&eval.Builtin{
		Name: "context", Args: "(&key drop keep note)", Min: 0, Max: -1,
		Doc: "Writes the window to the context file and returns its path; with :drop, :keep and :note edits the window at the next request.",
		Fn: func(t *eval.Thread, args []lisp.Value) lisp.Value {
			if len(args) == 0 {
				path, err := s.ExportContext(t.Context())
				if err != nil {
					lisp.Errorf("context: %v", err)
				}
				return lisp.NewString(path)
			}
			plan, err := s.EditContext(t.Context(), parseContextArgs(args))
			if err != nil {
				lisp.Errorf("%v", err)
			}
			return planValue(plan)
		},
	})
}

var (
	kwDrop = lisp.Sym(":drop")
	kwKeep = lisp.Sym(":keep")
	kwNote = lisp.Sym(":note")
)

// parseContextArgs reads (context :drop SPANS :keep IDS :note TEXT).
func parseContextArgs(args []lisp.Value) ContextCall {
	if len(args)%2 != 0 {
		lisp.Errorf("context: odd number of keyword arguments")
	}
	var c ContextCall
	for i := 0; i < len(args); i += 2 {
		v := args[i+1]
		switch args[i] {
		case kwDrop:
			if v == lisp.T {
				c.DropAll = true
				continue
			}
			c.Drop, c.Spans = contextIDs(":drop", v, c.Drop, c.Spans)
		case kwKeep:
			c.Keep, c.KeepSpans = contextIDs(":keep", v, c.Keep, c.KeepSpans)
		case kwNote:
			str, ok := v.(*lisp.String)
			if !ok {
				lisp.TypeError("context", v, "a string (:note)")
			}
			c.Note = str.S
		default:
			lisp.Errorf("context: unknown keyword %s: it takes :drop, :keep and :note", lisp.Prin1ToString(args[i]))
		}
	}
	return c
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
