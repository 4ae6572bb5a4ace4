package recall

import (
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
)

// where prints a search result as (session seq) pairs.
const where = `(defun where (rows) (mapcar (lambda (r) (list (getf r :session-id) (getf r :seq))) rows))`

// The fixture's times (fixture_test.go): s1 from 06:40 to 06:55, s2's own
// events 06:50–06:51, s3 06:45–06:51, all on 2026-12-01.
func TestSearchDates(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s2")
		im.eval(t, where)
		im.cases(t, [][2]string{
			{`(where (recall-search "deploy" :since "2026-12-01T06:50"))`, `(("s3" 4) ("s2" 16) ("s2" 15) ("s2" 14))`},
			{`(where (recall-search "deploy" :since "2026-12-01T08:50:00+02:00"))`, `(("s3" 4) ("s2" 16) ("s2" 15) ("s2" 14))`},
			{`(where (recall-search "deploy" :since "2026-12-01 06:50:30.000004Z"))`, `(("s3" 4) ("s2" 16))`},
			{`(where (recall-search "deploy" :until "2026-12-01T06:41"))`, `(("s1" 4) ("s1" 2) ("s1" 1))`},
			// :until is exclusive: 15 is at 06:50:02.000015.
			{`(where (recall-search "deploy" :since "2026-12-01T06:42" :until "2026-12-01T06:50:02.000015"))`, `(("s2" 14) ("s3" 1) ("s1" 11) ("s1" 10))`},
			// A date is a whole day, from its midnight to the next.
			{`(length (recall-search "deploy" :since "2026-12-01" :until "2026-12-01"))`, `10`},
			{`(length (recall-search "deploy"))`, `10`},
			{`(recall-search "deploy" :until "2026-11-30")`, `nil`},
			{`(recall-search "deploy" :since "2026-12-02")`, `nil`},
			// A seq is the time of that event of the current session.
			{`(where (recall-search "deploy" :since 16))`, `(("s3" 4) ("s2" 16))`},
			{`(where (recall-search "deploy" :until 2))`, `(("s1" 1))`},
			{`(where (recall-search "deploy" :since nil :until nil :limit 2))`, `(("s3" 4) ("s2" 16))`},
			// Every rank takes the bounds.
			{`(where (recall-search "deploy staging" :rank :relevance :since "2026-12-01T06:50"))`, `(("s2" 15) ("s2" 14) ("s2" 16) ("s2" 17) ("s3" 4))`},
			{`(where (recall-search "deploy" :rank :best :until "2026-12-01T06:41"))`, `(("s1" 4) ("s1" 2) ("s1" 1))`},
		})
	})
}

func TestLogDates(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s2")
		im.eval(t, seqsOf)
		im.cases(t, [][2]string{
			{`(seqs (recall-log :since "2026-12-01T06:50"))`, `(14 15 16 17)`},
			{`(seqs (recall-log :until "2026-12-01T06:41"))`, `(1 2 3 4)`},
			{`(seqs (recall-log :since "2026-12-01T06:41" :until "2026-12-01T06:42:31"))`, `(5 6 7 8 10)`},
			{`(seqs (recall-log :since "2026-12-01T06:42:30.000010Z" :until "2026-12-01T06:42:31.100011Z"))`, `(10)`},
			{`(seqs (recall-log :since "2026-12-01T06:41" :after 14))`, `(15 16 17)`},
			{`(seqs (recall-log :until "2026-12-01T06:50" :before 3))`, `(1 2)`},
			{`(seqs (recall-log :limit 2 :until "2026-12-01T06:41"))`, `((:matched 4 :showing 2) 3 4)`},
			{`(seqs (recall-log :match "deploy" :since "2026-12-01T06:42"))`, `(10 11 14 15 16)`},
			// A seq bounds by seq: :since keeps it, :until stops before it.
			{`(seqs (recall-log :since 10))`, `(10 11 12 13 14 15 16 17)`},
			{`(seqs (recall-log :until 5))`, `(1 2 3 4)`},
			{`(seqs (recall-log :since 16 :until 16))`, `nil`},
			{`(seqs (recall-log :since "2026-12-01" :until "2026-12-01"))`, `(1 2 3 4 5 6 7 8 10 11 12 13 14 15 16 17)`},
			{`(seqs (recall-log :since "2026-12-02"))`, `nil`},
			{`(seqs (recall-log :until "2026-11-30"))`, `nil`},
			{`(seqs (recall-log :session-id "s1" :since "2026-12-01T06:50"))`, `(15 16)`},
			{`(seqs (recall-log :session-id "s3" :since "2026-12-01T06:45:05" :kinds t))`, `(3 4 5 6 7 8 9)`},
		})
	})
}

// An imported transcript's events keep the transcript's times, so a
// date finds them (importers write each record's own timestamp).
func TestDatesOfImported(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s2")
		im.eval(t, where)
		im.cases(t, [][2]string{
			{`(getf (recall-entry 4 :session-id "s3") :at)`, `"2026-12-01T06:50:30.000004Z"`},
		})
	})
}

func TestDateErrors(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s2")
		want := `must be an ISO date ("2026-12-01") or date-time ("2026-12-01T09:30:00Z"), or a seq, got `
		cases := []struct {
			src, msg string
			class    *lisp.Symbol
		}{
			{`(recall-search "deploy" :since "yesterday")`, `recall-search: :since ` + want + `"yesterday"`, lisp.ClassTypeError},
			{`(recall-search "deploy" :until "2026-13-01")`, `recall-search: :until ` + want + `"2026-13-01"`, lisp.ClassTypeError},
			{`(recall-search "deploy" :since 'today)`, `recall-search: :since ` + want + `today`, lisp.ClassTypeError},
			{`(recall-log :until 0)`, `recall-log: :until ` + want + `0`, lisp.ClassTypeError},
			{`(recall-log :since 2.5)`, `recall-log: :since ` + want + `2.5`, lisp.ClassTypeError},
			{`(recall-log :since "06:50")`, `recall-log: :since ` + want + `"06:50"`, lisp.ClassTypeError},
			{`(recall-search "deploy" :since "2026-12-02" :until "2026-12-01T12:00")`, `recall-search: :until 2026-12-01T12:00:00.000000Z must be later than :since 2026-12-02T00:00:00.000000Z`, lisp.ClassSimpleError},
			{`(recall-log :since "2026-12-01T07:00" :until "2026-12-01T07:00")`, `recall-log: :until 2026-12-01T07:00:00.000000Z must be later than :since 2026-12-01T07:00:00.000000Z`, lisp.ClassSimpleError},
			{`(recall-search "deploy" :since 99)`, `recall-search: :since 99: no event holds that seq in session s2`, lisp.ClassSimpleError},
			{`(recall-search "deploy" :until 99999999999999999999)`, `recall-search: :until 99999999999999999999: no event holds that seq in session s2`, lisp.ClassSimpleError},
			{`(recall-log :session-id "nope" :since "2026-12-01")`, `recall-log: no session "nope"`, lisp.ClassSimpleError},
		}
		for _, c := range cases {
			cond := im.fails(t, c.src)
			if cond.Message != c.msg || cond.Class != c.class {
				t.Errorf("%s\n got: %s (%v)\nwant: %s (%v)", c.src, cond.Message, cond.Class, c.msg, c.class)
			}
		}
		// Seqs past any event bound nothing out, or everything.
		im.eval(t, seqsOf)
		im.cases(t, [][2]string{
			{`(seqs (recall-log :since 99999999999999999999))`, `nil`},
			{`(length (recall-log :until 99999999999999999999))`, `16`},
		})
		// With no current session, a seq names no event.
		none := newImage(st, "")
		cond := none.fails(t, `(recall-search "deploy" :since 4)`)
		if want := `recall-search: :since 4 is a seq, and there is no current session to read it in; give a date`; cond.Message != want {
			t.Errorf("got %s, want %s", cond.Message, want)
		}
	})
}
