package session_test

import (
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
)

// TestAppendErrorSaidOnce: a failed input names its session once, not
// once per layer ("append session S: append session S: …"), whichever
// store call (the read that follows other hosts, or the append) fails.
func TestAppendErrorSaidOnce(t *testing.T) {
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			st := b.Open(t)
			s := must[*session.Session](t)(session.Open(ctx, st, opts("")))
			st.Close()
			_, err := s.Input(ctx, "after the store closed")
			if err == nil {
				t.Fatal("input into a closed store succeeded")
			}
			if n := strings.Count(err.Error(), "session "+s.ID()); n != 1 {
				t.Errorf("error %q names the session %d times, want once", err, n)
			}
		})
	}
}
