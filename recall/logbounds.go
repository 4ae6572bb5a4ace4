package recall

import (
	"context"
	"sort"
	"time"

	"github.com/nodelisp/nodelisp/store"
)

// seqBounds turns recall-log's :since and :until into the exclusive seq
// bounds of a scan, narrowing after and before, and reports an empty
// range. A seq bound is itself (:since 40 keeps seq 40 on, :until 50 stops
// before 50). A time is found by a binary search of the lineage's seqs,
// which holds because a lineage's times rise with its seqs: the store
// stamps each append after the ones before it, a fork's events follow its
// parent's, and an import keeps a transcript's order (docs/recall.md,
// "Dates"). A search touches about log2(seqs) single rows.
func (r *recaller) seqBounds(ctx context.Context, session string, since, until timeArg, after, before int64) (int64, int64, bool) {
	st := r.store(ctx, opLog)
	var last int64 = -1 // read once, when a time needs it
	firstAt := func(t time.Time) int64 {
		if last < 0 {
			last = lastSeq(ctx, st, session)
		}
		return firstAtOrAfter(ctx, st, session, t, last)
	}
	if since.given {
		from := since.seq
		if from == 0 {
			from = firstAt(since.at)
		}
		after = max(after, from-1)
	}
	if until.given {
		to := until.seq
		if to == 0 {
			to = firstAt(until.end())
		}
		if before == 0 || to < before {
			before = to
		}
	}
	if since.given && until.given && since.seq == 0 && until.seq == 0 {
		checkRange(opLog, since.at, until.end())
	}
	return after, before, before != 0 && before <= after+1
}

// lastSeq is the newest seq of the lineage, zero when it has no events.
func lastSeq(ctx context.Context, st store.Store, session string) int64 {
	res, err := st.Scan(ctx, store.Query{Session: session, Newest: true, Limit: 1})
	if err != nil {
		storeFailed(ctx, opLog, session, err)
	}
	if len(res.Events) == 0 {
		return 0
	}
	return res.Events[0].Seq
}

// firstAtOrAfter is the smallest seq of the lineage whose event is at or
// after t, or last+1 when none is.
func firstAtOrAfter(ctx context.Context, st store.Store, session string, t time.Time, last int64) int64 {
	var found int64 = last + 1
	sort.Search(int(last), func(i int) bool {
		// The first event past seq i (seqs may have gaps).
		res, err := st.Scan(ctx, store.Query{Session: session, After: int64(i), Limit: 1})
		if err != nil {
			storeFailed(ctx, opLog, session, err)
		}
		if len(res.Events) == 0 {
			return true
		}
		e := res.Events[0]
		if e.At.Before(t) {
			return false
		}
		found = min(found, e.Seq)
		return true
	})
	return found
}
