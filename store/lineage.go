package store

import "math"

// Segment is the part of a lineage that one session contributes to a read:
// its own events with After < seq <= Through.
type Segment struct {
	Session string
	After   int64
	Through int64
}

// Segments turns a lineage (a session followed by its ancestors, nearest
// first, as Store.Lineage returns it) into the segments a read covers,
// newest first. Their seq ranges never overlap, so a lineage read is the
// segments read one after another. A parent contributes its events up to
// the fork point, and a grandparent only up to the lower of the two fork
// points.
func Segments(lineage []Session) []Segment {
	var segs []Segment
	through := int64(math.MaxInt64)
	for _, s := range lineage {
		var after int64
		if s.ForkSeq != nil {
			after = *s.ForkSeq
		}
		if after < through {
			segs = append(segs, Segment{Session: s.ID, After: after, Through: through})
		}
		if s.ForkSeq == nil {
			break
		}
		through = min(through, *s.ForkSeq)
	}
	return segs
}

// Clip narrows a segment to the exclusive bounds after and before (zero
// for none) and reports whether anything is left.
func (g Segment) Clip(after, before int64) (Segment, bool) {
	g.After = max(g.After, after)
	if before > 0 {
		g.Through = min(g.Through, before-1)
	}
	return g, g.After < g.Through
}
