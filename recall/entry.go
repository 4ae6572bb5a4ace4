package recall

import (
	"context"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/unpack"
)

// entry is recall-entry: the one event at a seq of the lineage, whole,
// with the row keys of recall-log followed by :turn, :session-id (the
// session that appended it, which for an event before a fork point is an
// ancestor) and :payload, the raw JSON text. A seq no event holds gives
// nil.
func (r *recaller) entry(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
	var (
		seq     seqArg
		session sessionArg
	)
	unpack.Form(opEntry, args, "seq", &seq, "&key", "session-id", &session)
	id := r.sessionOf(opEntry, session)
	runningCell(ctx)
	st := r.store(ctx, opEntry)
	e, err := st.Event(ctx, id, int64(seq))
	if store.IsNotFound(err) && ctx.Err() == nil {
		// Either the session or the seq is missing; only the first is an
		// error.
		if _, serr := st.Session(ctx, id); serr != nil {
			storeFailed(ctx, opEntry, id, serr)
		}
		return lisp.Nil, nil
	}
	if err != nil {
		storeFailed(ctx, opEntry, id, err)
	}
	return lisp.List(append(append(row(e, -1),
		kwTurn, lisp.MakeInt(e.Turn),
		kwSessionID, lisp.NewString(e.Session),
		kwPayload, lisp.NewString(string(e.Payload)),
	), sessionSource(ctx, st, opEntry, e.Session)...)...), nil
}
