package storetest

import (
	"context"
	"errors"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/store"
)

func testSearch(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "a", "alpha work")
	mustSession(t, s, "b", "beta work")
	mustAppend(t, s, "a",
		store.NewEvent{Kind: event.KindInput, Payload: text(t, "fix the DEPLOY script")},
		store.NewEvent{Kind: event.KindToolCall, Payload: payload(t, map[string]any{"code": "(deploy :script \"x\")", "note": nil})},
		store.NewEvent{Kind: event.KindToolResult, Payload: text(t, "50% of the_deploy done")},
	)
	mustAppend(t, s, "b",
		store.NewEvent{Kind: event.KindInput, Payload: text(t, "deploy the École script")},
		store.NewEvent{Kind: event.KindAnswer, Payload: text(t, "500 of thexdeploy")},
	)
	search := func(q store.SearchQuery) []string {
		t.Helper()
		hits, err := s.Search(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		out := []string{}
		for _, h := range hits {
			out = append(out, fmt.Sprintf("%s/%d", h.Session, h.Seq))
		}
		return out
	}
	cases := []struct {
		q    store.SearchQuery
		want []string
	}{
		{store.SearchQuery{Words: []string{"deploy"}}, []string{"b/2", "b/1", "a/3", "a/2", "a/1"}},
		{store.SearchQuery{Words: []string{"deploy", "SCRIPT"}}, []string{"b/1", "a/2", "a/1"}},
		{store.SearchQuery{Words: []string{"deploy"}, Limit: 2}, []string{"b/2", "b/1"}},
		{store.SearchQuery{Words: []string{"deploy"}, Kinds: []string{event.KindToolCall, event.KindAnswer}}, []string{"b/2", "a/2"}},
		{store.SearchQuery{Words: []string{"50%"}}, []string{"a/3"}},
		{store.SearchQuery{Words: []string{"the_deploy"}}, []string{"a/3"}},
		{store.SearchQuery{Words: []string{"école"}}, []string{}},
		{store.SearchQuery{Words: []string{"École"}}, []string{"b/1"}},
		{store.SearchQuery{Words: []string{"text"}}, []string{}},
		{store.SearchQuery{Words: []string{"x"}, Limit: 1}, []string{"b/2"}},
	}
	for _, c := range cases {
		if diff := cmp.Diff(c.want, search(c.q)); diff != "" {
			t.Errorf("search %+v (-want +got):\n%s", c.q, diff)
		}
	}
	hits, err := s.Search(ctx, store.SearchQuery{Words: []string{"École"}})
	if err != nil || len(hits) != 1 || hits[0].Title != "beta work" || hits[0].Body != "deploy the École script" || hits[0].Kind != event.KindInput {
		t.Errorf("hit fields: %+v %v", hits, err)
	}
	if _, err := s.Search(ctx, store.SearchQuery{Words: []string{"", ""}}); !errors.Is(err, store.ErrEmptySearch) {
		t.Errorf("empty search: got %v, want ErrEmptySearch", err)
	}
}
