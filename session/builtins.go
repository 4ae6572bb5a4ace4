package session

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/recall"
)

// installBuiltins defines what every image of a session has beyond the
// library: the recall forms over the session's store, the watch list, and
// set-context-window.
func (s *Session) installBuiltins(it *interp.Interpreter) {
	image := it.Image()
	recall.Install(image, s.st, s.info.ID)
	s.defineWatch(image)
	s.installContext(it)
	s.installFiles(image)
	image.Define(&eval.Builtin{
		Name: "set-context-window", Args: "(model tokens)", Min: 2, Max: 2,
		Doc: "Overrides the context window of MODEL (\"provider/id\") in the running image; 0 removes the override.",
		Fn: func(th *eval.Thread, args []lisp.Value) lisp.Value {
			model, ok := args[0].(*lisp.String)
			if !ok {
				lisp.TypeError("set-context-window", args[0], "a string")
			}
			if _, _, ok := evict.SplitModel(model.S); !ok {
				lisp.Errorf("set-context-window: model must be \"provider/id\", got %s", lisp.Prin1ToString(model))
			}
			n, ok := args[1].(lisp.Fixnum)
			if !ok || n < 0 {
				lisp.TypeError("set-context-window", args[1], "a non-negative integer")
			}
			s.overrides().Set(model.S, int(n))
			// Logged at once, in the cell's turn: the window is derived
			// from the log alone, so a restart right after keeps it.
			if s.tree.head != 0 {
				if err := s.syncSettings(th.Context()); err != nil {
					lisp.Errorf("set-context-window: %v", err)
				}
			}
			return args[1]
		},
	})
}

// overrides is the session's own table of context-window overrides, which
// its budget reads and the log records (settings.go).
func (s *Session) overrides() *evict.Overrides {
	if s.overrideTable == nil {
		s.overrideTable = &evict.Overrides{}
	}
	return s.overrideTable
}
