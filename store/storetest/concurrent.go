package storetest

import (
	"context"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"sync"
	"testing"

	"github.com/nodelisp/nodelisp/store"
)

// testConcurrentAppends has many goroutines make single appends to one
// session at once; every seq must then be present exactly once, with
// every payload.
func testConcurrentAppends(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "c", "")
	var wg sync.WaitGroup
	errs := make(chan error, h.goroutines)
	for g := range h.goroutines {
		wg.Go(func() {
			for i := range h.appends {
				p := payload(t, map[string]any{"text": fmt.Sprintf("g%d i%d", g, i)})
				if _, err := s.Append(ctx, "c", []store.NewEvent{{Kind: event.KindInput, Payload: p}}); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	r := mustScan(t, s, store.Query{Session: "c"})
	total := h.goroutines * h.appends
	if len(r.Events) != total {
		t.Fatalf("%d events, want %d", len(r.Events), total)
	}
	seen := map[string]bool{}
	for i, e := range r.Events {
		if e.Seq != int64(i+1) {
			t.Fatalf("row %d has seq %d: seqs not unique and gap-free", i, e.Seq)
		}
		if e.Turn != e.Seq {
			t.Errorf("seq %d: turn %d, want its own seq", e.Seq, e.Turn)
		}
		seen[string(e.Payload)] = true
	}
	if len(seen) != total {
		t.Errorf("%d distinct payloads, want %d", len(seen), total)
	}
}
