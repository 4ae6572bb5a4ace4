package session

import (
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/evict"
)

// Successive evictions merge their spans; what is kept stays bounded and
// the stub still counts every note.
func TestMergedSpansStayBounded(t *testing.T) {
	var total event.Span
	seq := int64(1)
	for batch := 0; batch < 5; batch++ {
		b := event.Span{First: seq, Turns: 60}
		for i := 0; i < 60; i++ {
			b.Last = seq
			b.Notes = append(b.Notes, event.SpanNote{Seq: seq, Text: fmt.Sprintf("note %d", seq)})
			b.Defined = append(b.Defined, "f", fmt.Sprintf("g%d", batch))
			b.Watching = append(b.Watching, event.SpanWatch{Name: "*n*", Value: fmt.Sprint(seq)})
			seq++
		}
		total = mergeSpans(total, b)
	}
	if len(total.Notes) != 100 || total.EarlierNotes != 200 {
		t.Fatalf("kept %d notes, %d earlier; want 100 and 200", len(total.Notes), total.EarlierNotes)
	}
	if diff := cmp.Diff([]string{"f", "g0", "g1", "g2", "g3", "g4"}, total.Defined); diff != "" {
		t.Errorf("defined (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]event.SpanWatch{{Name: "*n*", Value: "300"}}, total.Watching); diff != "" {
		t.Errorf("watching (-want +got):\n%s", diff)
	}
	stub := evict.WholeStub(stubSpan(total))
	if !strings.HasPrefix(stub, "[history evicted: seq 1–300 · 300 turns · defined: f, g0, g1, g2, g3, g4 · watching: *n*=300 · recall: (recall-log :match \"text\" :before 301)]\n") {
		t.Errorf("stub line:\n%s", stub)
	}
	if !strings.Contains(stub, "\n +200 earlier\n seq 201 · note 201\n") || !strings.HasSuffix(stub, " seq 300 · note 300]") {
		t.Errorf("stub notes block:\n%s", stub)
	}
}
