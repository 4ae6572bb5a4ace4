package recall

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
)

// Defaults of recall-log.
const (
	logLimit = 20
	logClip  = 200
)

// log is recall-log: the newest :limit matching rows of a lineage, oldest
// first, led by (:matched N :showing M) when more matched. Paging older
// with :before set to the oldest :seq shown walks the whole match set,
// since each page takes the newest rows below its bound.
func (r *recaller) log(t *eval.Thread, args []lisp.Value) lisp.Value {
	k := parseKeys(opLog, args, "match", "kinds", "before", "after", "limit", "clip", "session-id", "echoes")
	q := store.Query{Newest: true, Count: true}
	q.Match, _ = k.str("match")
	q.Kinds = kindsArg(k)
	before, hasBefore := k.bound("before", 1)
	after, hasAfter := k.bound("after", 0)
	if hasBefore && hasAfter && before <= after {
		lisp.Errorf("%s: :before %d must be greater than :after %d", opLog, before, after)
	}
	q.Before, q.After = before, after
	q.Limit = k.count("limit", logLimit)
	clip := k.count("clip", logClip)
	q.Session = r.sessionArg(opLog, k)

	ctx := threadContext(t)
	res, err := echoesArg(ctx, k).scan(ctx, r.store(ctx, opLog), q)
	if err != nil {
		storeFailed(ctx, opLog, q.Session, err)
	}
	var out lisp.ListBuilder
	if res.More {
		out.Add(lisp.List(kwMatched, lisp.MakeInt(res.Matched), kwShowing, lisp.MakeInt(int64(len(res.Events)))))
	}
	for _, e := range res.Events {
		out.Add(lisp.List(row(e, clip)...))
	}
	return out.List()
}
