package session

import (
	"context"
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
)

// watchClip is how many characters of a watched value a tool result keeps.
const watchClip = 80

// defineWatch installs (watch 'name …) and (unwatch 'name …) in the image.
func (s *Session) defineWatch(it *interp.Interpreter) {
	it.Define("watch", "(&rest names)",
		"Adds global variables to the session's watch list; each tool result records the watched values the cell changed.",
		func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
			for _, a := range args {
				name := watchName("watch", a)
				if !contains(s.watch, name) {
					s.watch = append(s.watch, name)
				}
			}
			return s.watchList(), nil
		})
	it.Define("unwatch", "(&rest names)", "Removes global variables from the session's watch list.",
		func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
			for _, a := range args {
				name := watchName("unwatch", a)
				out := s.watch[:0]
				for _, w := range s.watch {
					if w != name {
						out = append(out, w)
					}
				}
				s.watch = out
			}
			return s.watchList(), nil
		})
}

func watchName(op string, v lisp.Value) string {
	sym, ok := v.(*lisp.Symbol)
	if !ok || sym.Keyword || sym == lisp.Nil || sym == lisp.T {
		lisp.TypeError(op, v, "a variable name")
	}
	return lisp.Prin1ToString(sym)
}

func (s *Session) watchList() lisp.Value {
	items := make([]lisp.Value, len(s.watch))
	for i, w := range s.watch {
		items[i] = lisp.Sym(w)
	}
	return lisp.List(items...)
}

// watchedValues prints the current value of every watched variable that is
// bound, clipped.
func (s *Session) watchedValues() map[string]string {
	out := map[string]string{}
	for _, name := range s.watch {
		if v, ok := s.interpreter.Evaluator().Global(name); ok {
			out[name] = clip(lisp.Prin1ToString(v), watchClip)
		}
	}
	return out
}

// changedValues returns the entries of after that are new or differ from
// before.
func changedValues(before, after map[string]string) map[string]string {
	out := map[string]string{}
	for name, v := range after {
		if old, ok := before[name]; !ok || old != v {
			out[name] = v
		}
	}
	return out
}

// clip keeps the first n characters of s and marks a cut with "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i, count := 0, 0
	for i = range s {
		if count == n {
			break
		}
		count++
	}
	return s[:i] + "…"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
