package session

import (
	"context"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/recall"
	"github.com/nodelisp/nodelisp/unpack"
)

// installBuiltins defines what every image of a session has beyond the
// library: the recall forms over the session's store, the watch list,
// context, the file verbs and set-context-window. Each is a host builtin
// (interp.Define), reading its arguments with the unpack package.
func (s *Session) installBuiltins(it *interp.Interpreter) {
	recall.Install(it, s.st, s.info.ID)
	s.defineWatch(it)
	s.installContext(it)
	s.installFiles(it)
	s.installRun(it)
	s.installFileStreams(it)
	it.Define("set-context-window", "(model tokens)",
		"Overrides the context window of MODEL (\"provider/id\") in the running image; 0 removes the override.",
		s.setContextWindow)
}

// setContextWindow is (set-context-window MODEL TOKENS).
func (s *Session) setContextWindow(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
	var model string
	var tokens lisp.Value
	unpack.Form("set-context-window", args, "model", &model, "tokens", &tokens)
	if _, _, ok := evict.SplitModel(model); !ok {
		lisp.Errorf("set-context-window: model must be \"provider/id\", got %s", lisp.Prin1ToString(args[0]))
	}
	n, ok := tokens.(lisp.Fixnum)
	if !ok || n < 0 {
		lisp.TypeError("set-context-window", tokens, "a non-negative integer")
	}
	s.overrides().Set(model, int(n))
	// Logged at once, in the cell's turn: the window is derived from the
	// log alone, so a restart right after keeps it.
	if s.tree.head != 0 {
		if err := s.syncSettings(ctx); err != nil {
			return nil, err
		}
	}
	return tokens, nil
}

// overrides is the session's own table of context-window overrides, which
// its budget reads and the log records (settings.go).
func (s *Session) overrides() *evict.Overrides {
	if s.overrideTable == nil {
		s.overrideTable = &evict.Overrides{}
	}
	return s.overrideTable
}
