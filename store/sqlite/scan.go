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

// Costs are SQLite's per-row costs in microseconds of CPU, measured on
// the 100k benchmark: a walk reads each row through the (session, seq)
// index, a count tests rows in index order too, an FTS5 candidate costs
// several rows because detail=none makes FTS5 read the row back to confirm
// the LIKE before the exact test runs again, and a posting-list entry
// (FTS5 intersects every trigram's list) costs a fifth of a row.
func (segmenter) Costs() plan.Costs { return costs }

var costs = plan.Costs{Walk: 2, Scan: 1.6, Index: 7, List: 0.3}

// match is q's match condition on col and its argument.
func match(col string, q store.Query) (string, any) {
	return matchCond(col, q.Match)
}

func (sg segmenter) Walk(ctx context.Context, g store.Segment, q store.Query, window, limit int) ([]store.Event, error) {
	dir := direction(q)
	if window == 0 {
		w, args := where(g, q, "")
		if q.Match != "" {
			cond, pat := match("payload", q)
			w += " AND " + cond
			args = append(args, pat)
		}
		return sg.s.queryEvents(ctx, `SELECT `+eventCols+` FROM events WHERE `+w+
			` ORDER BY seq `+dir+` LIMIT ?`, append(args, sqlLimit(limit))...)
	}
	w, args := where(g, store.Query{}, "")
	kw, kargs := kindsOnly(q)
	cond, pat := match("payload", q)
	args = append(args, window)
	args = append(args, kargs...)
	args = append(args, pat, sqlLimit(limit))
	return sg.s.queryEvents(ctx, `SELECT `+eventCols+` FROM (
			SELECT `+eventCols+` FROM events WHERE `+w+` ORDER BY seq `+dir+` LIMIT ?
		) WHERE `+kw+` `+cond+` ORDER BY seq `+dir+` LIMIT ?`, args...)
}

// Indexed drives the read from the FTS5 rowids: an ESCAPE clause stops
// FTS5 using the trigram index, so it gets an escape-free superset filter
// and the exact condition tests what it returns; the + on session and seq
// keeps SQLite from walking the (session, seq) index instead.
func (sg segmenter) Indexed(ctx context.Context, g store.Segment, q store.Query, limit int) ([]store.Event, error) {
	filter, _ := store.TrigramFilter(q.Match)
	cond, pat := match("payload", q)
	w, args := where(g, q, "+")
	args = append([]any{filter}, args...)
	return sg.s.queryEvents(ctx, `SELECT `+eventCols+` FROM events
		WHERE id IN (SELECT rowid FROM events_payload WHERE payload LIKE ?)
		AND `+w+` AND `+cond+` ORDER BY seq `+direction(q)+` LIMIT ?`,
		append(args, pat, sqlLimit(limit))...)
}

// Stats probes the plan.Probe nearest rows and bounds the segment's and
// the store's sizes, all in one statement.
func (sg segmenter) Stats(ctx context.Context, g store.Segment, q store.Query) (plan.Stats, error) {
	cond, pat := match("payload", q)
	kept := "1"
	var kargs []any
	if len(q.Kinds) > 0 {
		kept = "kind IN (" + placeholders(len(q.Kinds)) + ")"
		for _, k := range q.Kinds {
			kargs = append(kargs, k)
		}
	}
	tris, total := plan.Trigrams(q.Match)
	var sel strings.Builder
	args := []any{pat, pat}
	args = append(args, kargs...)
	for _, t := range tris {
		sel.WriteString(", total(instr(payload, ?) > 0)")
		args = append(args, t)
	}
	const seg = `session = ? AND seq > ? AND seq <= ?`
	args = append(args, g.Session, g.After, g.Through, g.Session, g.After, g.Through)
	args = append(args, g.Session, g.After, g.Through, plan.Probe)
	var st plan.Stats
	var first, last sql.NullInt64
	held := make([]float64, len(tris))
	var matched, keptN float64
	dest := []any{&st.Window, &matched, &keptN}
	for i := range held {
		dest = append(dest, &held[i])
	}
	dest = append(dest, &first, &last, &st.Store)
	err := sg.s.db.QueryRowContext(ctx, `SELECT count(*), total(`+cond+`), total(`+cond+` AND `+kept+`)`+sel.String()+`,
			(SELECT min(seq) FROM events WHERE `+seg+`),
			(SELECT max(seq) FROM events WHERE `+seg+`),
			(SELECT coalesce(max(id), 0) FROM events)
		FROM (SELECT kind, payload FROM events WHERE `+seg+` ORDER BY seq `+direction(q)+` LIMIT ?)`, args...).
		Scan(dest...)
	st.Matched, st.Kept = int64(matched), int64(keptN)
	if first.Valid && last.Valid {
		st.Span = last.Int64 - first.Int64 + 1
	}
	counts := make([]int64, len(held))
	for i, h := range held {
		counts[i] = int64(h)
	}
	st.Lists = plan.ListDensity(st.Window, counts, total)
	return st, err
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
	switch {
	case q.Match == "":
		w, args := where(g, q, "")
		err = sg.s.db.QueryRowContext(ctx, `SELECT count(*) FROM events WHERE `+w, args...).Scan(&n)
	case indexed:
		filter, _ := store.TrigramFilter(q.Match)
		cond, pat := match("payload", q)
		w, args := where(g, q, "+")
		args = append([]any{filter}, args...)
		err = sg.s.db.QueryRowContext(ctx, `SELECT count(*) FROM events
			WHERE id IN (SELECT rowid FROM events_payload WHERE payload LIKE ?)
			AND `+w+` AND `+cond, append(args, pat)...).Scan(&n)
	default:
		cond, pat := match("payload", q)
		w, args := where(g, q, "")
		err = sg.s.db.QueryRowContext(ctx, `SELECT count(*) FROM events WHERE `+w+
			` AND `+cond, append(args, pat)...).Scan(&n)
	}
	return n, err
}
