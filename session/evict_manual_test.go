package session_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/event"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// evictSession has five turns of equal size; the fifth is running.
func evictSession(t *testing.T, st store.Store) (*session.Session, []int64) {
	ctx := context.Background()
	s := must[*session.Session](t)(session.Open(ctx, st, opts("")))
	var turns []int64
	for i := 0; i < 5; i++ {
		turns = append(turns, must[int64](t)(s.Input(ctx, strings.Repeat("x", 400))))
		must[session.CellResult](t)(s.Eval(ctx, ";; cell "+itoa(int64(i))+"\n(+ 1 2)", session.TurnOptions{}))
		must[*session.Window](t)(s.Window(ctx, session.WindowOptions{Send: true}))
	}
	return s, turns
}

// /evict through TURN and the arguments /evict refuses are in the session
// script testdata/session/evict_through.txt (TestScripts).

func TestManualEvictPercent(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, turns := evictSession(t, st)
		// 50% of five equal turns: two whole turns fit, a third would not.
		res := must[session.EvictResult](t)(s.Evict(ctx, ""))
		if diff := cmp.Diff(turns[:2], res.Turns); diff != "" || res.Boundary != turns[1] {
			t.Errorf("evict 50%%: %+v (-want +got turns):\n%s", res, diff)
		}
		if res.First != turns[0] || res.Last < turns[1]+2 || res.After >= res.Before {
			t.Errorf("evict 50%% figures: %+v", res)
		}
		w := must[*session.Window](t)(s.Window(ctx, session.WindowOptions{}))
		if w.Boundary != turns[1] || w.Messages[0].ID != "stub" ||
			!strings.HasPrefix(w.Messages[0].Text, "[history evicted: seq "+itoa(turns[0])+"–") ||
			!strings.Contains(w.Messages[0].Text, " · 2 turns · ") {
			t.Errorf("window after /evict: boundary %d, first %+v", w.Boundary, w.Messages[0])
		}
		ev, _, err := store.Last(ctx, st, s.ID(), event.KindEviction)
		if err != nil {
			t.Fatal(err)
		}
		if p, _ := event.Decode[event.Eviction](ev.Payload); p.Why != "manual" || p.Boundary != turns[1] || ev.Seq != res.Seq {
			t.Errorf("eviction event %s", ev.Payload)
		}
		// 40% of the three left: one turn; "40" and "40%" are the same.
		res = must[session.EvictResult](t)(s.Evict(ctx, "40%"))
		if diff := cmp.Diff(turns[2:3], res.Turns); diff != "" {
			t.Errorf("evict 40%% (-want +got):\n%s", diff)
		}
		// At least one finished turn goes, however small the share.
		res = must[session.EvictResult](t)(s.Evict(ctx, "1"))
		if diff := cmp.Diff(turns[3:4], res.Turns); diff != "" {
			t.Errorf("evict 1%% (-want +got):\n%s", diff)
		}
		// The newest turn always stays.
		if _, err := s.Evict(ctx, "100"); !errors.Is(err, evict.ErrNothingToEvict) {
			t.Errorf("evict with only the running turn: %v", err)
		}
		before := must[*session.Window](t)(s.Window(ctx, session.WindowOptions{}))
		again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), opts("")))
		after := must[*session.Window](t)(again.Window(ctx, session.WindowOptions{}))
		if diff := cmp.Diff(texts(before), texts(after)); diff != "" {
			t.Errorf("window after restart (-before +after):\n%s", diff)
		}
	})
}
