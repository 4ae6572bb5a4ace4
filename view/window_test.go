package view

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/session"
)

// A window longer than the page shows keeps its head and its newest
// messages, with one gap row counting the rest.
func TestElideMessages(t *testing.T) {
	var rows []messageRow
	for i := 0; i < 10; i++ {
		rows = append(rows, messageRow{Message: session.Message{ID: string(rune('a' + i))}})
	}
	got, n := elide(rows, 2, 3)
	var ids []string
	for _, r := range got {
		ids = append(ids, r.ID+r.Kind)
	}
	if diff := cmp.Diff([]string{"a", "b", "gap", "h", "i", "j"}, ids); diff != "" || n != 5 {
		t.Errorf("elided %d (-want +got):\n%s", n, diff)
	}
	if got, n := elide(rows[:5], 2, 3); len(got) != 5 || n != 0 {
		t.Errorf("a short window lost rows: %d, %d", len(got), n)
	}
}
