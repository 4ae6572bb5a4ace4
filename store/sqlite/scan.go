package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/internal/plan"
)

const eventCols = `session, seq, at, kind, turn, payload, body`

func scanEvent(r rowScanner) (store.Event, error) {
	var e store.Event
	var at int64
	var payload string
	if err := r.Scan(&e.Session, &e.Seq, &at, &e.Kind, &e.Turn, &payload, &e.Body); err != nil {
		return store.Event{}, err
	}
	e.At = time.UnixMicro(at).UTC()
	e.Payload = []byte(payload)
	return e, nil
}

func (s *Store) queryEvents(ctx context.Context, query string, args ...any) ([]store.Event, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.Event
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// Event returns the event at seq in the session's lineage.
func (s *Store) Event(ctx context.Context, session string, seq int64) (store.Event, error) {
	lin, err := s.Lineage(ctx, session)
	if err != nil {
		return store.Event{}, fmt.Errorf("event %s/%d: %w", session, seq, err)
	}
	g, ok := plan.Find(lin, seq)
	if !ok {
		return store.Event{}, fmt.Errorf("event %s/%d: %w", session, seq, store.ErrNotFound)
	}
	e, err := scanEvent(s.db.QueryRowContext(ctx,
		`SELECT `+eventCols+` FROM events WHERE session = ? AND seq = ?`, g.Session, seq))
	if errors.Is(err, sql.ErrNoRows) {
		err = store.ErrNotFound
	}
	if err != nil {
		return store.Event{}, fmt.Errorf("event %s/%d: %w", session, seq, err)
	}
	return e, nil
}

// Scan reads a session's lineage.
func (s *Store) Scan(ctx context.Context, q store.Query) (store.ScanResult, error) {
	lin, err := s.Lineage(ctx, q.Session)
	if err != nil {
		return store.ScanResult{}, fmt.Errorf("scan session %s: %w", q.Session, err)
	}
	r, err := plan.Scan(ctx, lin, q, segmenter{s})
	if err != nil {
		return store.ScanResult{}, fmt.Errorf("scan session %s: %w", q.Session, err)
	}
	return r, nil
}

// segmenter reads one lineage segment for plan.Scan.
type segmenter struct{ s *Store }

// where builds the conditions shared by every plan. plus disables the
// (session, seq) index on those columns, which the trigram plan needs so
// that SQLite drives the read from the FTS rowids instead.
func where(g store.Segment, q store.Query, plus string) (string, []any) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%[1]ssession = ? AND %[1]sseq > ? AND %[1]sseq <= ?", plus)
	args := []any{g.Session, g.After, g.Through}
	if len(q.Kinds) > 0 {
		fmt.Fprintf(&sb, " AND %skind IN (%s)", plus, placeholders(len(q.Kinds)))
		for _, k := range q.Kinds {
			args = append(args, k)
		}
	}
	return sb.String(), args
}

func direction(q store.Query) string {
	if q.Newest {
		return "DESC"
	}
	return "ASC"
}

func sqlLimit(n int) int {
	if n <= 0 {
		return -1
	}
	return n
}

func (sg segmenter) Rows(ctx context.Context, g store.Segment, q store.Query, limit int) ([]store.Event, bool, error) {
	dir := direction(q)
	if q.Match == "" {
		w, args := where(g, q, "")
		evs, err := sg.s.queryEvents(ctx, `SELECT `+eventCols+` FROM events WHERE `+w+
			` ORDER BY seq `+dir+` LIMIT ?`, append(args, sqlLimit(limit))...)
		return evs, false, err
	}
	cond, pat := matchCond("payload", q.Match)
	if limit > 0 {
		// Walk the nearest rows first: dense patterns fill the limit here.
		w, args := where(g, store.Query{}, "")
		kw, kargs := kindsOnly(q)
		args = append(args, plan.Window)
		args = append(args, kargs...)
		args = append(args, pat, limit)
		evs, err := sg.s.queryEvents(ctx, `SELECT `+eventCols+` FROM (
				SELECT `+eventCols+` FROM events WHERE `+w+` ORDER BY seq `+dir+` LIMIT ?
			) WHERE `+kw+` `+cond+` ORDER BY seq `+dir+` LIMIT ?`, args...)
		if err != nil || len(evs) >= limit {
			return evs, false, err
		}
	}
	if filter, ok := store.TrigramFilter(q.Match); ok {
		w, args := where(g, q, "+")
		args = append([]any{filter}, args...)
		evs, err := sg.s.queryEvents(ctx, `SELECT `+eventCols+` FROM events
			WHERE id IN (SELECT rowid FROM events_payload WHERE payload LIKE ?)
			AND `+w+` AND `+cond+` ORDER BY seq `+dir+` LIMIT ?`,
			append(args, pat, sqlLimit(limit))...)
		return evs, true, err
	}
	w, args := where(g, q, "")
	evs, err := sg.s.queryEvents(ctx, `SELECT `+eventCols+` FROM events WHERE `+w+
		` AND `+cond+` ORDER BY seq `+dir+` LIMIT ?`, append(args, pat, sqlLimit(limit))...)
	return evs, false, err
}

// kindsOnly is the kinds condition alone, ending in AND when not empty.
func kindsOnly(q store.Query) (string, []any) {
	if len(q.Kinds) == 0 {
		return "", nil
	}
	args := make([]any, len(q.Kinds))
	for i, k := range q.Kinds {
		args[i] = k
	}
	return "kind IN (" + placeholders(len(q.Kinds)) + ") AND", args
}

func (sg segmenter) Count(ctx context.Context, g store.Segment, q store.Query, indexed bool) (int64, error) {
	var n int64
	var err error
	cond, pat := matchCond("payload", q.Match)
	switch filter, ok := store.TrigramFilter(q.Match); {
	case q.Match == "":
		w, args := where(g, q, "")
		err = sg.s.db.QueryRowContext(ctx, `SELECT count(*) FROM events WHERE `+w, args...).Scan(&n)
	case indexed && ok:
		w, args := where(g, q, "+")
		args = append([]any{filter}, args...)
		err = sg.s.db.QueryRowContext(ctx, `SELECT count(*) FROM events
			WHERE id IN (SELECT rowid FROM events_payload WHERE payload LIKE ?)
			AND `+w+` AND `+cond, append(args, pat)...).Scan(&n)
	default:
		w, args := where(g, q, "")
		err = sg.s.db.QueryRowContext(ctx, `SELECT count(*) FROM events WHERE `+w+
			` AND `+cond, append(args, pat)...).Scan(&n)
	}
	return n, err
}
