package recall

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
)

// entry is recall-entry: the one event at a seq of the lineage, whole,
// with the row keys of recall-log followed by :turn, :session-id (the
// session that appended it, which for an event before a fork point is an
// ancestor) and :payload, the raw JSON text. A seq no event holds gives
// nil.
func (r *recaller) entry(t *eval.Thread, args []lisp.Value) lisp.Value {
	seq, isInt := integer(args[0])
	if !isInt {
		panic(&lisp.Condition{
			Class:    lisp.ClassTypeError,
			Message:  opEntry + ": seq must be an integer, got " + lisp.Prin1ToString(args[0]),
			Datum:    args[0],
			Expected: lisp.Intern("INTEGER"),
		})
	}
	k := parseKeys(opEntry, args[1:], "session-id")
	session := r.sessionArg(opEntry, k)

	ctx := threadContext(t)
	runningCell(ctx)
	st := r.store(ctx, opEntry)
	e, err := st.Event(ctx, session, seq)
	if store.IsNotFound(err) && ctx.Err() == nil {
		// Either the session or the seq is missing; only the first is an
		// error.
		if _, serr := st.Session(ctx, session); serr != nil {
			storeFailed(ctx, opEntry, session, serr)
		}
		return lisp.Nil
	}
	if err != nil {
		storeFailed(ctx, opEntry, session, err)
	}
	return lisp.List(append(append(row(e, -1),
		kwTurn, lisp.MakeInt(e.Turn),
		kwSessionID, lisp.NewString(e.Session),
		kwPayload, lisp.NewString(string(e.Payload)),
	), sessionSource(ctx, st, opEntry, e.Session)...)...)
}
