// Package plan holds the parts of reading a log that do not depend on the
// backend: walking a lineage's segments for a scan, and the choice, per
// query and per segment, between a nearest-first walk and a trigram index.
// Backends supply the SQL for each way of reading one segment and their
// costs per row; they share this package so that limits, counts and
// ordering come out the same on each, and so do the plan choices.
package plan

import (
	"context"
	"slices"

	"github.com/nodelisp/nodelisp/store"
)

// Segmenter reads one segment of a lineage. Every method applies q's kinds
// and match; rows come newest first when q.Newest, else oldest first.
type Segmenter interface {
	// Costs are the backend's costs per row of each way of reading.
	Costs() Costs
	// Counts is the store's cache of block counts (see countParts).
	Counts() *Counts
	// Probe reads the Probe nearest rows of seg, in one statement, and
	// returns up to limit (zero: none) of those that match with what it
	// learned of the pattern and the segment.
	Probe(ctx context.Context, seg store.Segment, q store.Query, limit int) ([]store.Event, Stats, error)
	// Walk returns up to limit (zero: all) matching events among the
	// window nearest rows of seg (zero: every row), on the (session, seq)
	// index. st is the segment's probe when one was taken, else nil: with
	// it a full walk may read rarer kinds through the kind index.
	Walk(ctx context.Context, seg store.Segment, q store.Query, window, limit int, st *Stats) ([]store.Event, error)
	// Indexed returns up to limit (zero: all) matching events found
	// through the trigram index. It is only asked when
	// store.HasTrigram(q.Match). st is the segment's probe.
	Indexed(ctx context.Context, seg store.Segment, q store.Query, limit int, st *Stats) ([]store.Event, error)
	// Count returns how many events of seg match, by testing every row of
	// the segment or, when indexed, through the trigram index. st is as
	// for Walk.
	Count(ctx context.Context, seg store.Segment, q store.Query, indexed bool, st *Stats) (int64, error)
}

// Scan reads a lineage (as Store.Lineage returns it) for q, one segment at
// a time from the end the limit is taken from, and so answers every Query
// field the same way on every backend. It fetches one row more than the
// limit to learn whether more matched, and counts only then.
func Scan(ctx context.Context, lineage []store.Session, q store.Query, b Segmenter) (store.ScanResult, error) {
	if err := store.CheckQuery(q); err != nil {
		return store.ScanResult{}, err
	}
	segs := store.Segments(lineage)
	if q.Own {
		segs = segs[:1]
	}
	var live []*segment
	for _, g := range segs {
		if g, ok := g.Clip(q.After, q.Before); ok {
			live = append(live, &segment{Segment: g, exact: -1})
		}
	}
	if !q.Newest {
		slices.Reverse(live)
	}
	want := 0
	if q.Limit > 0 {
		want = q.Limit + 1
	}
	var got []store.Event
	for _, g := range live {
		n := 0
		if want > 0 {
			n = want - len(got)
			if n <= 0 {
				break
			}
		}
		rows, err := g.rows(ctx, b, q, n)
		if err != nil {
			return store.ScanResult{}, err
		}
		got = append(got, rows...)
	}
	var r store.ScanResult
	if q.Limit > 0 && len(got) > q.Limit {
		r.More = true
		got = got[:q.Limit]
	}
	if q.Newest {
		slices.Reverse(got)
	}
	r.Events = got
	r.Matched = int64(len(got))
	if r.More {
		r.Matched++
		if q.Count {
			r.Matched = 0
			for _, g := range live {
				n, err := g.count(ctx, b, q)
				if err != nil {
					return store.ScanResult{}, err
				}
				r.Matched += n
			}
		}
	}
	return r, nil
}

// segment is one segment of a scan with what its reads learned about it.
type segment struct {
	store.Segment
	stats *Stats
	// exact is the segment's number of matching events when a read found
	// all of them, else -1.
	exact int64
}

// probe returns the segment's stats, probing it (for no rows) if no read
// has yet.
func (g *segment) probe(ctx context.Context, b Segmenter, q store.Query) (Stats, error) {
	if g.stats == nil {
		_, st, err := b.Probe(ctx, g.Segment, q, 0)
		if err != nil {
			return Stats{}, err
		}
		g.stats = &st
	}
	return *g.stats, nil
}

// rows reads up to limit (zero: all) matching events of the segment.
//
// Without a pattern the (session, seq) index is the plan. With one, and a
// limit, the probe comes first: filling the limit there is the answer. If
// it does not, the probe's densities price a walk far enough to fill the
// limit against the trigram index's candidates, store-wide, and the
// cheaper runs. A walk that the estimate sent too short falls back to the
// index, so a wrong guess costs at most a few times the right one.
func (g *segment) rows(ctx context.Context, b Segmenter, q store.Query, limit int) ([]store.Event, error) {
	if q.Match == "" {
		return b.Walk(ctx, g.Segment, q, 0, limit, nil)
	}
	indexable := store.HasTrigram(q.Match)
	if limit == 0 {
		st, err := g.probe(ctx, b, q)
		if err != nil {
			return nil, err
		}
		if indexable && b.Costs().countByIndex(st) {
			return b.Indexed(ctx, g.Segment, q, 0, &st)
		}
		return b.Walk(ctx, g.Segment, q, 0, 0, &st)
	}
	evs, st, err := b.Probe(ctx, g.Segment, q, limit)
	if err != nil {
		return nil, err
	}
	g.stats = &st
	if len(evs) >= limit {
		return evs, nil
	}
	if st.whole() {
		g.exact = int64(len(evs))
		return evs, nil
	}
	if !indexable {
		return b.Walk(ctx, g.Segment, q, 0, limit, &st)
	}
	rows := st.walkRows(limit)
	if b.Costs().preferIndex(st, rows) {
		return b.Indexed(ctx, g.Segment, q, limit, &st)
	}
	window := int(min(4*rows, float64(max(st.Span, st.Window))))
	evs, err = b.Walk(ctx, g.Segment, q, window, limit, &st)
	if err != nil || len(evs) >= limit || int64(window) >= st.Span {
		return evs, err
	}
	return b.Indexed(ctx, g.Segment, q, limit, &st)
}

// count counts the segment's matching events on the cheaper exact plan: a
// test of every row of the segment, bounded by its size, or the trigram
// index, bounded by the pattern's matches in the whole store.
func (g *segment) count(ctx context.Context, b Segmenter, q store.Query) (int64, error) {
	if g.exact >= 0 {
		return g.exact, nil
	}
	if q.Match == "" {
		return b.Count(ctx, g.Segment, q, false, nil)
	}
	st, err := g.probe(ctx, b, q)
	if err != nil {
		return 0, err
	}
	if st.whole() {
		return st.Kept, nil
	}
	if store.HasTrigram(q.Match) && b.Costs().countByIndex(st) {
		return b.Count(ctx, g.Segment, q, true, &st)
	}
	return countParts(ctx, b, g.Segment, q, &st)
}

// Find returns the segment of a lineage that holds seq.
func Find(lineage []store.Session, seq int64) (store.Segment, bool) {
	for _, g := range store.Segments(lineage) {
		if g.After < seq && seq <= g.Through {
			return g, true
		}
	}
	return store.Segment{}, false
}

// Words checks a search's words and returns them as LIKE patterns, each
// matching its word literally anywhere in a body.
func Words(q store.SearchQuery) ([]string, error) {
	var pats []string
	for _, w := range q.Words {
		if w != "" {
			pats = append(pats, "%"+store.EscapeLike(w)+"%")
		}
	}
	if len(pats) == 0 {
		return nil, store.ErrEmptySearch
	}
	return pats, nil
}

// Pattern returns the unanchored form of a :match pattern, ready for LIKE.
func Pattern(match string) string {
	return "%" + store.CanonicalLike(match) + "%"
}
