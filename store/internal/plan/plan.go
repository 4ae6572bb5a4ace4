// Package plan holds the parts of reading a log that do not depend on the
// backend: walking a lineage's segments for a scan, and the rule for when
// a match is served by a newest-first walk and when by a trigram index.
// Backends supply the SQL for one segment; they share this package so that
// limits, counts and ordering come out the same on each.
package plan

import (
	"context"
	"slices"

	"github.com/nodelisp/nodelisp/store"
)

// Window is how many rows, newest first (or oldest first), a match walks
// before it gives up on finding its limit nearby and asks the trigram
// index instead. A few thousand rows cost a millisecond or two to test;
// a pattern that fills a limit of 20 within them is dense enough that the
// walk beats any index.
const Window = 4096

// Segmenter reads one segment of a lineage.
type Segmenter interface {
	// Rows returns up to limit (zero: all) events of seg that satisfy q's
	// kinds and match, newest first when q.Newest, else oldest first.
	// indexed says whether the trigram plan served the read.
	Rows(ctx context.Context, seg store.Segment, q store.Query, limit int) (events []store.Event, indexed bool, err error)
	// Count returns how many events of seg satisfy q's kinds and match;
	// indexed asks for the trigram plan.
	Count(ctx context.Context, seg store.Segment, q store.Query, indexed bool) (int64, error)
}

// Scan reads a lineage (as Store.Lineage returns it) for q, one segment at
// a time from the end the limit is taken from, and so answers every Query
// field the same way on every backend. It fetches one row more than the
// limit to learn whether more matched, and counts only then.
func Scan(ctx context.Context, lineage []store.Session, q store.Query, b Segmenter) (store.ScanResult, error) {
	segs := store.Segments(lineage)
	if q.Own {
		segs = segs[:1]
	}
	var live []store.Segment
	for _, g := range segs {
		if g, ok := g.Clip(q.After, q.Before); ok {
			live = append(live, g)
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
	indexed := false
	for _, g := range live {
		n := 0
		if want > 0 {
			n = want - len(got)
			if n <= 0 {
				break
			}
		}
		rows, idx, err := b.Rows(ctx, g, q, n)
		if err != nil {
			return store.ScanResult{}, err
		}
		indexed = indexed || idx
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
				n, err := b.Count(ctx, g, q, indexed)
				if err != nil {
					return store.ScanResult{}, err
				}
				r.Matched += n
			}
		}
	}
	return r, nil
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
