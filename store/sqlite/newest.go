package sqlite

import (
	"context"
	"slices"

	"github.com/nodelisp/nodelisp/store"
)

// newestOfKind answers a read of the newest few events of one kind with no
// pattern (store.Last's read: the newest state record, eviction, usage) by
// walking the (session, kind, seq) index backwards in each segment, newest
// segment first. The general plan probes the segment first, which costs
// hundreds of milliseconds at 100k events for a kind that is rare or
// absent; this costs one index seek per segment.
func (s *Store) newestOfKind(ctx context.Context, lin []store.Session, q store.Query) (store.ScanResult, error) {
	var got []store.Event
	want := q.Limit + 1
	segs := store.Segments(lin)
	if q.Own {
		segs = segs[:1]
	}
	for _, g := range segs {
		g, ok := g.Clip(q.After, q.Before)
		if !ok {
			continue
		}
		rows, err := s.queryEvents(ctx, `SELECT `+eventCols+` FROM events INDEXED BY events_kind
			WHERE session = ? AND kind = ? AND seq > ? AND seq <= ? ORDER BY seq DESC LIMIT ?`,
			g.Session, q.Kinds[0], g.After, g.Through, want-len(got))
		if err != nil {
			return store.ScanResult{}, err
		}
		got = append(got, rows...)
		if len(got) >= want {
			break
		}
	}
	var r store.ScanResult
	if len(got) > q.Limit {
		r.More = true
		got = got[:q.Limit]
	}
	slices.Reverse(got)
	r.Events = got
	r.Matched = int64(len(got))
	if r.More {
		r.Matched++
	}
	return r, nil
}

// isNewestOfKind reports whether q is a read newestOfKind answers.
func isNewestOfKind(q store.Query) bool {
	return q.Newest && q.Limit > 0 && q.Limit <= 16 && len(q.Kinds) == 1 && q.Match == "" && !q.Count
}
