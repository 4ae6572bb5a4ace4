package recall

import (
	"context"

	"github.com/nodelisp/nodelisp/store"
)

// echoes is how a recall-log or recall-search call treats echoes (see
// docs/recall.md, "Echoes"): by default the store leaves out the tool
// calls and results of cells that called recall, and the running cell's
// own call, which has no result yet, is taken out here; :echoes t keeps
// them all. Either way an input its turn's tool call repeats counts once,
// as the call, when both kinds are read.
type echoes struct {
	keep bool
	cell *Cell // the running cell, nil when the host named none
}

// echoesArg reads :echoes (any value but nil keeps them) and marks the
// running cell as one that recalled.
func echoesArg(ctx context.Context, keep bool) echoes {
	return echoes{keep: keep, cell: runningCell(ctx)}
}

// dropsCell reports whether rows must be read one past the limit, for
// the running cell's call to be taken out.
func (x echoes) dropsCell() bool { return !x.keep && x.cell != nil }

// scan sets q's filters and runs it, taking the running cell's call out
// of the rows and the count.
func (x echoes) scan(ctx context.Context, st store.Store, q store.Query) (store.ScanResult, error) {
	q.SkipEchoes, q.SkipRepeats = !x.keep, repeats(q.Kinds)
	if !x.dropsCell() {
		return st.Scan(ctx, q)
	}
	limit := q.Limit
	q.Limit++
	r, err := st.Scan(ctx, q)
	if err != nil {
		return r, err
	}
	kept := r.Events[:0]
	for _, e := range r.Events {
		if x.cell.is(e.Session, e.Seq) {
			r.Matched--
			continue
		}
		kept = append(kept, e)
	}
	if len(kept) > limit {
		kept = kept[len(kept)-limit:] // rows are oldest first; the newest stay
	}
	r.Events = kept
	r.More = r.Matched > int64(len(kept))
	return r, nil
}

// search sets q's filters and runs it, taking the running cell's call
// out of the hits.
func (x echoes) search(ctx context.Context, st store.Store, q store.SearchQuery) ([]store.Hit, error) {
	q.SkipEchoes, q.SkipRepeats = !x.keep, repeats(q.Kinds)
	if !x.dropsCell() {
		return st.Search(ctx, q)
	}
	limit := q.Limit
	q.Limit++
	hits, err := st.Search(ctx, q)
	if err != nil {
		return nil, err
	}
	kept := hits[:0]
	for _, h := range hits {
		if !x.cell.is(h.Session, h.Seq) {
			kept = append(kept, h)
		}
	}
	return kept[:min(len(kept), limit)], nil
}

// tally sets q's filters and runs st.Tally. The running cell's call is
// not taken out of the sample: one event in a thousand moves no stem
// across commonShare.
func (x echoes) tally(ctx context.Context, st store.Store, q store.SearchQuery) (store.Tally, error) {
	q.SkipEchoes, q.SkipRepeats = !x.keep, repeats(q.Kinds)
	return st.Tally(ctx, q)
}
