package storetest

import (
	"context"
	"errors"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/store"
)

// testQueryLimits: at the limits every backend answers with the same rows;
// past them every backend gives the same ErrTooLarge, never a raw SQL
// error (SQLite's own limits are lower than PostgreSQL's).
func testQueryLimits(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "a", "")
	long := strings.Repeat("ab", store.MaxMatch/2)
	mustAppend(t, s, "a", store.NewEvent{Kind: event.KindInput, Payload: text(t, "hello "+long)},
		store.NewEvent{Kind: event.KindToolCall, Payload: payload(t, map[string]any{"code": "w1 w2", "note": nil})})
	kinds := func(n int) []string {
		out := []string{event.KindInput}
		for i := 1; i < n; i++ {
			out = append(out, fmt.Sprint("kind ", i))
		}
		return out
	}
	words := func(n int) []string {
		out := []string{"hello"}
		for i := 1; i < n; i++ {
			out = append(out, "h")
		}
		return out
	}
	at := []struct {
		name string
		run  func() (int, error)
	}{
		{"match at the limit", func() (int, error) {
			r, err := s.Scan(ctx, store.Query{Session: "a", Match: "%" + long[1:len(long)-1] + "_"})
			return len(r.Events), err
		}},
		{"kinds at the limit", func() (int, error) {
			r, err := s.Scan(ctx, store.Query{Session: "a", Kinds: kinds(store.MaxKinds), Match: "hello"})
			return len(r.Events), err
		}},
		{"search words at the limit", func() (int, error) {
			hits, err := s.Search(ctx, store.SearchQuery{Words: words(store.MaxSearchWords), Kinds: kinds(store.MaxKinds)})
			return len(hits), err
		}},
	}
	for _, c := range at {
		n, err := c.run()
		if err != nil || n != 1 {
			t.Errorf("%s: %d rows, %v; want 1 row", c.name, n, err)
		}
	}
	over := []struct {
		name string
		err  error
	}{
		{"match", func() error {
			_, err := s.Scan(ctx, store.Query{Session: "a", Match: strings.Repeat("a", store.MaxMatch+1)})
			return err
		}()},
		{"kinds", func() error {
			_, err := s.Scan(ctx, store.Query{Session: "a", Kinds: kinds(store.MaxKinds + 1)})
			return err
		}()},
		{"search words", func() error {
			_, err := s.Search(ctx, store.SearchQuery{Words: words(store.MaxSearchWords + 1)})
			return err
		}()},
		{"search kinds", func() error {
			_, err := s.Search(ctx, store.SearchQuery{Words: []string{"hello"}, Kinds: kinds(40000)})
			return err
		}()},
	}
	for _, c := range over {
		if !errors.Is(c.err, store.ErrTooLarge) || !strings.Contains(c.err.Error(), "over the limit of") {
			t.Errorf("%s over the limit: got %v, want ErrTooLarge", c.name, c.err)
		}
	}
}
