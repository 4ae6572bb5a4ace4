package recall

import (
	"context"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/unpack"
)

// :since and :until (docs/recall.md, "Dates") bound the events' times,
// since <= :at < until. Each is an ISO date, an ISO date-time, or a seq of
// the current session's lineage, which stands for that event's time.

// timeArg is :since or :until as given: a time, or a seq to look up.
type timeArg struct {
	given bool
	at    time.Time
	// day says the string named a whole day: an :until of a day takes
	// the whole of it, up to the next midnight.
	day bool
	seq int64 // when the argument was an integer
	raw lisp.Value
}

// isoLayouts are the forms a date-time may take; a missing zone is UTC.
var isoLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04",
}

func (a *timeArg) UnpackLisp(v lisp.Value) error {
	wrong := &unpack.Mismatch{
		Want: `an ISO date ("2026-12-01") or date-time ("2026-12-01T09:30:00Z"), or a seq`,
		Type: lisp.List(lisp.Intern("OR"), lisp.Intern("STRING"), lisp.List(lisp.Intern("INTEGER"), lisp.MakeInt(1), lisp.Intern("*"))),
	}
	if n, ok := integer(v); ok {
		if n < 1 {
			return wrong
		}
		*a = timeArg{given: true, seq: n, raw: v}
		return nil
	}
	s, ok := v.(*lisp.String)
	if !ok {
		return wrong
	}
	t, day, ok := parseISO(strings.TrimSpace(s.S))
	if !ok {
		return wrong
	}
	*a = timeArg{given: true, at: t, day: day}
	return nil
}

// parseISO reads a date (2026-12-01, midnight UTC; day is set) or a
// date-time, with T or a space between, seconds and their fraction
// optional, and a Z or an offset (none is UTC).
func parseISO(s string) (t time.Time, day bool, ok bool) {
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t, true, true
	}
	if len(s) > 10 && s[10] == ' ' {
		s = s[:10] + "T" + s[11:]
	}
	for _, layout := range isoLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), false, true
		}
	}
	return time.Time{}, false, false
}

// bounds are the resolved :since and :until of a call; a zero time is no
// bound.
type bounds struct{ since, until time.Time }

// resolve turns the arguments into times, looking a seq up in the current
// session's lineage (with r and op for the errors), and checks that the
// range is not empty.
func (r *recaller) resolve(ctx context.Context, op string, session string, since, until timeArg) bounds {
	var b bounds
	if since.given {
		b.since = r.timeOf(ctx, op, "since", session, since)
	}
	if until.given {
		b.until = r.timeOf(ctx, op, "until", session, until)
		if until.day {
			b.until = until.end()
		}
	}
	if since.given && until.given {
		checkRange(op, b.since, b.until)
	}
	return b
}

// end is the exclusive end an :until of a time names: the time, or for a
// day the next midnight, so that the whole day is kept.
func (a timeArg) end() time.Time {
	if a.day {
		return a.at.AddDate(0, 0, 1)
	}
	return a.at
}

// checkRange fails when until is not later than since.
func checkRange(op string, since, until time.Time) {
	if !since.Before(until) {
		lisp.Errorf("%s: :until %s must be later than :since %s", op, store.FormatTime(until), store.FormatTime(since))
	}
}

// timeOf is the time a bound names: its own, or its seq's event's.
func (r *recaller) timeOf(ctx context.Context, op, key, session string, a timeArg) time.Time {
	if a.seq == 0 {
		return a.at
	}
	if session == "" {
		lisp.Errorf("%s: :%s %s is a seq, and there is no current session to read it in; give a date", op, key, lisp.Prin1ToString(a.raw))
	}
	e, err := r.store(ctx, op).Event(ctx, session, a.seq)
	if store.IsNotFound(err) && ctx.Err() == nil {
		lisp.Errorf("%s: :%s %s: no event holds that seq in session %s", op, key, lisp.Prin1ToString(a.raw), session)
	}
	if err != nil {
		storeFailed(ctx, op, session, err)
	}
	return e.At
}
