package view

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/recall"
)

// The view asks the recall forms themselves, in a fresh image of their
// own, so what it shows is what an agent's (recall-search …) and
// (recall-entry …) return: the same words, kinds, order and snippets. The
// query and seqs go in as variables, never spliced into source.

// searchOptions are the keywords the search page gives recall-search.
type searchOptions struct {
	All   bool // :kinds t, every kind; else recall's default kinds
	Limit int  // :limit; 0 keeps recall's default
}

// searchHit is one row recall-search returned.
type searchHit struct {
	Session, Title string
	Seq            int64
	Text           string
}

// searchResult is what recall-search gave, and the form that gave it
// written out with the query in it.
type searchResult struct {
	Form string
	Hits []searchHit
}

func (s *server) recallSearch(ctx context.Context, q string, o searchOptions) (searchResult, error) {
	form := "(recall-search *query*"
	if o.All {
		form += " :kinds t"
	}
	if o.Limit > 0 {
		form += fmt.Sprintf(" :limit %d", o.Limit)
	}
	form += ")"
	v, err := s.recallForm(ctx, form, map[string]any{"*query*": q})
	if err != nil {
		return searchResult{}, err
	}
	res := searchResult{Form: strings.Replace(form, "*query*", lisp.Prin1ToString(lisp.NewString(q)), 1)}
	for _, row := range listItems(v) {
		res.Hits = append(res.Hits, searchHit{
			Session: plistString(row, "SESSION-ID"),
			Title:   plistString(row, "TITLE"),
			Seq:     plistInt(row, "SEQ"),
			Text:    plistString(row, "TEXT"),
		})
	}
	return res, nil
}

// recallEntry is (recall-entry seq :session-id id), printed, and the form
// written out.
func (s *server) recallEntry(ctx context.Context, id string, seq int64) (form, printed string, err error) {
	const src = "(recall-entry *seq* :session-id *session*)"
	form = fmt.Sprintf("(recall-entry %d :session-id %s)", seq, lisp.Prin1ToString(lisp.NewString(id)))
	v, err := s.recallForm(ctx, src, map[string]any{"*seq*": seq, "*session*": id})
	if err != nil {
		return form, "", err
	}
	return form, lisp.Prin1ToString(v), nil
}

// recallForm evaluates one recall form with vars bound.
func (s *server) recallForm(ctx context.Context, form string, vars map[string]any) (lisp.Value, error) {
	it := interp.New(interp.Options{Stdout: io.Discard})
	recall.Install(it, s.st, "")
	for name, v := range vars {
		if err := it.Set(name, v); err != nil {
			return nil, fmt.Errorf("view: %s: %w", form, err)
		}
	}
	res, err := it.Eval(ctx, form)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", form, err)
	}
	return res.Value, nil
}

func listItems(v lisp.Value) []lisp.Value {
	var out []lisp.Value
	for c, ok := v.(*lisp.Cons); ok; c, ok = c.Cdr.(*lisp.Cons) {
		out = append(out, c.Car)
	}
	return out
}

// plistGet is the value after keyword key in a plist, nil when absent.
func plistGet(plist lisp.Value, key string) lisp.Value {
	items := listItems(plist)
	kw := lisp.InternKeyword(key)
	for i := 0; i+1 < len(items); i += 2 {
		if items[i] == lisp.Value(kw) {
			return items[i+1]
		}
	}
	return nil
}

func plistString(plist lisp.Value, key string) string {
	if s, ok := plistGet(plist, key).(*lisp.String); ok {
		return s.S
	}
	return ""
}

func plistInt(plist lisp.Value, key string) int64 {
	if n, ok := plistGet(plist, key).(lisp.Fixnum); ok {
		return int64(n)
	}
	return 0
}
