package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
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
	rows, err := s.query(ctx, query, args...)
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
	e, err := scanEvent(s.queryRow(ctx,
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
	if isNewestOfKind(q) {
		r, err := s.newestOfKind(ctx, lin, q)
		if err != nil {
			return store.ScanResult{}, fmt.Errorf("scan session %s: %w", q.Session, err)
		}
		return r, nil
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
	return whereKinds(g, q, plus, plus)
}

// whereKinds is where with its own prefix for the kinds condition: a +
// there keeps SQLite from reading through the (session, kind, seq) index.
func whereKinds(g store.Segment, q store.Query, plus, kindPlus string) (string, []any) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%[1]ssession = ? AND %[1]sseq > ? AND %[1]sseq <= ?", plus)
	args := []any{g.Session, g.After, g.Through}
	if len(q.Kinds) > 0 {
		fmt.Fprintf(&sb, " AND %skind IN (%s)", kindPlus, placeholders(len(q.Kinds)))
		for _, k := range q.Kinds {
			args = append(args, k)
		}
	}
	sb.WriteString(hidden("", q.SkipEchoes, q.SkipRepeats))
	return sb.String(), args
}

// fullRead is the FROM clause and conditions of a read of every row of a
// segment that tests each one. A query's kinds decide the index: the
// probe's share of them picks the (session, kind, seq) index when they
// are rare, and the (session, seq) index otherwise, which reads the
// session's rows in the order they were written rather than once per
// kind (half the cost for the default kinds, which are nearly every
// row). Without a probe, a single kind is read through the kind index,
// which holds its rows in seq order: SQLite would otherwise walk the
// (session, seq) index to avoid a sort, testing every row of the segment
// (60 ms at 100k events for a kind that is absent, as a resume's reads of
// context edits and file changes mostly are). Otherwise SQLite picks.
func fullRead(g store.Segment, q store.Query, st *plan.Stats) (string, string, []any) {
	switch {
	case st == nil && len(q.Kinds) == 1:
		w, args := where(g, q, "")
		return "events INDEXED BY events_kind", w, args
	case st == nil || len(q.Kinds) == 0:
		w, args := where(g, q, "")
		return "events", w, args
	case st.Sparse(q):
		w, args := where(g, q, "")
		return "events INDEXED BY events_kind", w, args
	default:
		w, args := whereKinds(g, q, "", "+")
		return "events", w, args
	}
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

func (sg segmenter) Counts() *plan.Counts { return &sg.s.counts }

var costs = plan.Costs{Walk: 2, Scan: 1.6, Index: 7, List: 0.3}

// match is q's match condition on col and its argument.
func match(col string, q store.Query) (string, string) {
	return matchCond(col, q.Match)
}

func (sg segmenter) Walk(ctx context.Context, g store.Segment, q store.Query, window, limit int, st *plan.Stats) ([]store.Event, error) {
	dir := direction(q)
	if window == 0 {
		from, w, args := fullRead(g, q, st)
		if q.Match != "" {
			cond, pat := match("payload", q)
			w += " AND " + cond
			args = append(args, pat)
		}
		return sg.s.queryEvents(ctx, `SELECT `+eventCols+` FROM `+from+` WHERE `+w+
			` ORDER BY seq `+dir+` LIMIT ?`, append(args, sqlLimit(limit))...)
	}
	w, args := where(g, store.Query{}, "")
	kw, kargs := kindsOnly(q)
	cond, pat := match("payload", q)
	args = append(args, window)
	args = append(args, kargs...)
	args = append(args, pat, sqlLimit(limit))
	return sg.s.queryEvents(ctx, `SELECT `+eventCols+` FROM (
			SELECT `+eventCols+`, echo FROM events WHERE `+w+` ORDER BY seq `+dir+` LIMIT ?
		) WHERE `+kw+` `+cond+hidden("", q.SkipEchoes, q.SkipRepeats)+` ORDER BY seq `+dir+` LIMIT ?`, args...)
}

// Indexed drives the read from the FTS5 rowids (ftsRows): FTS5 returns a
// superset of the matches and the exact condition tests it; the + on
// session and seq keeps SQLite from walking the (session, seq) index
// instead.
func (sg segmenter) Indexed(ctx context.Context, g store.Segment, q store.Query, limit int, _ *plan.Stats) ([]store.Event, error) {
	cond, pat := match("payload", q)
	ids, args, err := sg.s.ftsRows(ctx, "events_payload", "payload", []string{pat})
	if err != nil {
		return nil, err
	}
	w, wargs := where(g, q, "+")
	args = append(args, wargs...)
	return sg.s.queryEvents(ctx, `SELECT `+eventCols+` FROM events
		WHERE id IN (`+ids+`)
		AND `+w+` AND `+cond+` ORDER BY seq `+direction(q)+` LIMIT ?`,
		append(args, pat, sqlLimit(limit))...)
}

// Probe reads the plan.Probe nearest rows once, into a materialized
// window that records for each row whether it is of the kinds, whether it
// matches and which sampled trigrams it holds, and returns both the
// window's matching events (fetched by id) and its tallies, with the
// segment's seq bounds and the store's largest id, in one statement. A
// trigram is tested with a case-sensitive GLOB: an estimate needs no
// folding, and in this SQLite build GLOB costs a third of instr.
func (sg segmenter) Probe(ctx context.Context, g store.Segment, q store.Query, limit int) ([]store.Event, plan.Stats, error) {
	cond, pat := match("payload", q)
	kept := "1"
	var kargs []any
	if len(q.Kinds) > 0 {
		kept = "kind IN (" + placeholders(len(q.Kinds)) + ")"
		for _, k := range q.Kinds {
			kargs = append(kargs, k)
		}
	}
	kept += hidden("", q.SkipEchoes, q.SkipRepeats)
	tris, total := plan.Trigrams(q.Match)
	held, tally := "0", ""
	var targs []any
	for i, t := range tris {
		held += fmt.Sprintf(" | ((payload GLOB ?) << %d)", i)
		tally += fmt.Sprintf(", total(g & %d > 0)", 1<<i)
		targs = append(targs, "*"+globLiteral(t)+"*")
	}
	const seg = `session = ? AND seq > ? AND seq <= ?`
	dir := direction(q)
	segArgs := []any{g.Session, g.After, g.Through}
	args := append(slices.Concat(kargs, []any{pat}, targs, segArgs, []any{plan.Probe}, segArgs, segArgs), limit)
	rows, err := sg.s.query(ctx, `WITH w AS MATERIALIZED (
			SELECT id, seq, `+kept+` AS k, `+cond+` AS hit, `+held+` AS g
			FROM events WHERE `+seg+` ORDER BY seq `+dir+` LIMIT ?
		), s AS (
			SELECT count(*), total(hit), total(hit AND k), total(k),
				(SELECT min(seq) FROM events WHERE `+seg+`),
				(SELECT max(seq) FROM events WHERE `+seg+`),
				(SELECT coalesce(max(id), 0) FROM events)`+tally+`
			FROM w
		)
		SELECT s.*, h.* FROM s LEFT JOIN (
			SELECT `+prefixed("e.", eventCols)+` FROM w JOIN events e ON e.id = w.id
			WHERE w.hit AND w.k ORDER BY w.seq `+dir+` LIMIT ?
		) h ORDER BY h.seq `+dir, args...)
	if err != nil {
		return nil, plan.Stats{}, err
	}
	defer rows.Close()
	var st plan.Stats
	var evs []store.Event
	for rows.Next() {
		var matched, keptN, kinded float64
		var first, last sql.NullInt64
		heldN := make([]float64, len(tris))
		var e nullEvent
		dest := []any{&st.Window, &matched, &keptN, &kinded, &first, &last, &st.Store}
		for i := range heldN {
			dest = append(dest, &heldN[i])
		}
		dest = append(dest, e.dest()...)
		if err := rows.Scan(dest...); err != nil {
			return nil, plan.Stats{}, err
		}
		if ev, ok := e.event(); ok {
			evs = append(evs, ev)
		}
		st.Matched, st.Kept, st.Kinded = int64(matched), int64(keptN), int64(kinded)
		st.First, st.Last = first.Int64, last.Int64
		if first.Valid && last.Valid {
			st.Span = last.Int64 - first.Int64 + 1
		}
		counts := make([]int64, len(heldN))
		for i, h := range heldN {
			counts[i] = int64(h)
		}
		st.Lists = plan.ListDensity(st.Window, counts, total)
		st.Held = counts
	}
	return evs, st, rows.Err()
}

// globLiteral makes s a GLOB pattern matching itself.
func globLiteral(s string) string {
	var sb strings.Builder
	for _, r := range s {
		if r == '*' || r == '?' || r == '[' {
			sb.WriteString("[" + string(r) + "]")
		} else {
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// prefixed qualifies each of a comma-separated list of columns.
func prefixed(prefix, cols string) string {
	parts := strings.Split(cols, ", ")
	for i, c := range parts {
		parts[i] = prefix + c
	}
	return strings.Join(parts, ", ")
}

// nullEvent scans an event's columns that a LEFT JOIN may leave NULL.
type nullEvent struct {
	session, kind, payload, body sql.NullString
	seq, at, turn                sql.NullInt64
}

func (n *nullEvent) dest() []any {
	return []any{&n.session, &n.seq, &n.at, &n.kind, &n.turn, &n.payload, &n.body}
}

func (n *nullEvent) event() (store.Event, bool) {
	if !n.seq.Valid {
		return store.Event{}, false
	}
	return store.Event{Session: n.session.String, Seq: n.seq.Int64, At: time.UnixMicro(n.at.Int64).UTC(),
		Kind: n.kind.String, Turn: n.turn.Int64, Payload: []byte(n.payload.String), Body: n.body.String}, true
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

func (sg segmenter) Count(ctx context.Context, g store.Segment, q store.Query, indexed bool, st *plan.Stats) (int64, error) {
	var n int64
	var err error
	switch {
	case q.Match == "":
		w, args := where(g, q, "")
		err = sg.s.queryRow(ctx, `SELECT count(*) FROM events WHERE `+w, args...).Scan(&n)
	case indexed:
		cond, pat := match("payload", q)
		var ids string
		var args []any
		ids, args, err = sg.s.ftsRows(ctx, "events_payload", "payload", []string{pat})
		if err != nil {
			return 0, err
		}
		w, wargs := where(g, q, "+")
		err = sg.s.queryRow(ctx, `SELECT count(*) FROM events
			WHERE id IN (`+ids+`) AND `+w+` AND `+cond, slices.Concat(args, wargs, []any{pat})...).Scan(&n)
	default:
		cond, pat := match("payload", q)
		from, w, args := fullRead(g, q, st)
		err = sg.s.queryRow(ctx, `SELECT count(*) FROM `+from+` WHERE `+w+
			` AND `+cond, append(args, pat)...).Scan(&n)
	}
	return n, err
}
