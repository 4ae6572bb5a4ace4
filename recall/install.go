package recall

import (
	"context"
	"sync"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/unpack"
)

// Install defines recall-log, recall-entry and recall-search in it,
// reading st on behalf of session: recall-log and recall-entry default to
// its lineage. An empty session installs them for a host with no current
// session (a script run without --session): recall-search works as ever,
// and the other two then need :session-id.
//
// Store calls run under the context of the evaluating cell, so cancelling
// the cell cancels a long query too.
func Install(it *interp.Interpreter, st store.Store, session string) {
	install(it, &recaller{st: st, session: session})
}

// InstallLazy is Install for a host that has not opened its store yet,
// such as the command line, whose scripts must not open the log unless
// they read it: open is called when the first recall form runs, and the
// store it returns serves every later one (the host closes it). A failed
// open is an error of that form, and the next form tries again.
func InstallLazy(it *interp.Interpreter, open func(ctx context.Context) (store.Store, error), session string) {
	install(it, &recaller{open: open, session: session})
}

func install(it *interp.Interpreter, r *recaller) {
	it.Define(opLog, "(&key match kinds before after limit clip session-id echoes)",
		"Rows of the session's log and the sessions it forked from, undone turns included, oldest first, bodies clipped; (:matched N :showing M) leads when more match than :limit.",
		r.log)
	it.Define(opEntry, "(seq &key session-id)",
		"The one event at SEQ in the session's lineage, whole: :seq :at :kind :body, :duration-ms for a tool result, :turn :session-id and the raw JSON :payload; nil when no event holds SEQ.",
		r.entry)
	it.Define(opSearch, "(query &key kinds limit window lead echoes rank)",
		"Events of every session whose body holds every space-separated word of QUERY (literally, ASCII case ignored), newest first, as (:session-id :title :seq :text).",
		r.search)
}

// The forms' names, which every error message starts with.
const (
	opLog    = "recall-log"
	opEntry  = "recall-entry"
	opSearch = "recall-search"
)

// recaller is what the three builtins share: the store and the session
// they were installed for.
type recaller struct {
	session string

	mu   sync.Mutex
	st   store.Store                                    // nil until opened
	open func(ctx context.Context) (store.Store, error) // for InstallLazy
}

// store returns the store, opening it on first use.
func (r *recaller) store(ctx context.Context, op string) store.Store {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.st == nil {
		st, err := r.open(ctx)
		if err != nil {
			if ctx.Err() != nil {
				cancelled()
			}
			lisp.Errorf("%s: open store: %v", op, err)
		}
		r.st = st
	}
	return r.st
}

// sessionArg is :session-id, the session a form reads instead of the
// installed one.
type sessionArg struct {
	id    string
	given bool
}

func (a *sessionArg) UnpackLisp(v lisp.Value) error {
	s, ok := v.(*lisp.String)
	if !ok {
		return &unpack.Mismatch{Want: "a string", Type: lisp.Intern("STRING")}
	}
	a.id, a.given = s.S, true
	return nil
}

// sessionOf returns the session a form reads: :session-id when given, else
// the installed one.
func (r *recaller) sessionOf(op string, a sessionArg) string {
	if a.given {
		return a.id
	}
	if r.session == "" {
		lisp.Errorf("%s: no current session; give :session-id", op)
	}
	return r.session
}
