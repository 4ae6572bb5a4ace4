package recall

import (
	"context"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/unpack"
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
func (r *recaller) log(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
	var (
		echoes       bool
		session      sessionArg
		before       positive
		after        natural
		kinds                 = newKinds(opLog)
		limit, clip  positive = logLimit, logClip
		since, until timeArg
	)
	q := store.Query{Newest: true, Count: true}
	unpack.Form(opLog, args, "&key", "match", &q.Match, "kinds", kinds, "before", &before, "after", &after,
		"limit", &limit, "clip", &clip, "session-id", &session, "echoes", &echoes, "since", &since, "until", &until)
	if before != 0 && int64(before) <= int64(after) {
		lisp.Errorf("%s: :before %d must be greater than :after %d", opLog, before, after)
	}
	q.Kinds, q.Before, q.After, q.Limit = kinds.kinds, int64(before), int64(after), count(limit)
	q.Session = r.sessionOf(opLog, session)
	if since.given || until.given {
		var empty bool
		q.After, q.Before, empty = r.seqBounds(ctx, q.Session, since, until, q.After, q.Before)
		if empty {
			return lisp.Nil, nil
		}
	}

	res, err := echoesArg(ctx, echoes).scan(ctx, r.store(ctx, opLog), q)
	if err != nil {
		storeFailed(ctx, opLog, q.Session, err)
	}
	var out lisp.ListBuilder
	if res.More {
		out.Add(lisp.List(kwMatched, lisp.MakeInt(res.Matched), kwShowing, lisp.MakeInt(int64(len(res.Events)))))
	}
	for _, e := range res.Events {
		out.Add(lisp.List(row(e, count(clip))...))
	}
	return out.List(), nil
}
