package plan

import (
	"context"
	"slices"

	"github.com/nodelisp/nodelisp/store"
)

// Searcher reads the whole store for a search. Every method applies the
// query's words and kinds and returns hits in search order: newest first
// by time, ties by session and seq, descending.
type Searcher interface {
	Costs() Costs
	// Walk returns up to limit (zero: all) hits among the window newest
	// events of the store (zero: every event), on the time index.
	Walk(ctx context.Context, q store.SearchQuery, window, limit int) ([]store.Hit, error)
	// Indexed returns up to limit (zero: all) hits found through the body
	// trigram index. It is only asked when some word has a trigram.
	Indexed(ctx context.Context, q store.SearchQuery, limit int) ([]store.Hit, error)
	// Rows bounds the number of events in the store.
	Rows(ctx context.Context) (int64, error)
}

// Search runs a search on the cheaper plan, as Scan does for a segment:
// the newest Probe events first, then, when they hold too few hits, either
// a walk long enough to fill the limit at the density the probe saw or the
// trigram index, whichever costs less. The probe's density stands for both
// the walk's and the index's (the index cannot apply the kinds, so with
// kinds it is a little cheaper than it really is).
func Search(ctx context.Context, q store.SearchQuery, b Searcher) ([]store.Hit, error) {
	if err := store.CheckSearch(q); err != nil {
		return nil, err
	}
	pats, err := Words(q)
	if err != nil {
		return nil, err
	}
	if q.Any {
		return b.Walk(ctx, q, 0, q.Limit)
	}
	indexable := slices.ContainsFunc(pats, store.HasTrigram)
	if q.Limit <= 0 {
		if indexable {
			return b.Indexed(ctx, q, 0)
		}
		return b.Walk(ctx, q, 0, 0)
	}
	hits, err := b.Walk(ctx, q, Probe, q.Limit)
	if err != nil || len(hits) >= q.Limit {
		return hits, err
	}
	if !indexable {
		return b.Walk(ctx, q, 0, q.Limit)
	}
	n, err := b.Rows(ctx)
	if err != nil || n <= Probe {
		return hits, err
	}
	st := Stats{Window: Probe, Matched: int64(len(hits)), Kept: int64(len(hits)), Span: n, Store: n}
	rows := st.walkRows(q.Limit)
	if b.Costs().preferIndex(st, rows) {
		return b.Indexed(ctx, q, q.Limit)
	}
	window := int(min(4*rows, float64(n)))
	hits, err = b.Walk(ctx, q, window, q.Limit)
	if err != nil || len(hits) >= q.Limit || int64(window) >= n {
		return hits, err
	}
	return b.Indexed(ctx, q, q.Limit)
}
