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
		Fn: func(_ *eval.Thread, args []lisp.Value) lisp.Value {
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
			return args[1]
		},
	})
}

// overrides is the table of context-window overrides the session's budget
// reads; hosts share one across sessions through Options.Overrides.
func (s *Session) overrides() *evict.Overrides {
	if s.opts.Overrides == nil {
		s.opts.Overrides = &evict.Overrides{}
	}
	return s.opts.Overrides
}
