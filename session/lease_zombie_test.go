package session_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// zombiePID starts a process that exits at once and is not reaped until
// the test ends: a real zombie, whose pid still answers signals.
func zombiePID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Wait() })
	stat := fmt.Sprintf("/proc/%d/stat", cmd.Process.Pid)
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		b, err := os.ReadFile(stat)
		if err != nil {
			t.Fatalf("read %s: %v", stat, err)
		}
		if i := bytes.LastIndexByte(b, ')'); i > 0 && b[i+2] == 'Z' {
			return cmd.Process.Pid
		}
	}
	t.Fatalf("process %d did not become a zombie in a minute", cmd.Process.Pid)
	return 0
}

// TestZombieHolderIsGone: a host killed but not yet reaped by its parent
// holds the session's lease for its whole life unless it is seen as gone.
// Resume takes the lease over at once and records the cell it left
// running as interrupted (before: resume left the cell without a result,
// and another host waited for the 30 s lease to lapse).
func TestZombieHolderIsGone(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		a := must[*session.Session](t)(session.Open(ctx, st, leaseOpts("serve", nil)))
		must[session.Turn](t)(a.RunTurn(ctx, "(+ 1 2)", session.TurnOptions{}))
		host, err := os.Hostname()
		if err != nil {
			t.Fatal(err)
		}
		must[store.LeaseTaken](t)(st.TakeLease(ctx, store.LeaseRequest{Session: a.ID(), Token: "zombie",
			Holder: store.Holder{Host: host, PID: zombiePID(t), Kind: "serve"}, TTL: time.Hour}))
		turn := rawAppend(t, st, a.ID(), event.KindInput, 0, fmt.Sprintf(`{"text":"(loop)","parent":%d}`, a.Head()))
		call := rawAppend(t, st, a.ID(), event.KindToolCall, turn, `{"code":"(loop)","note":null}`)

		bOpts := leaseOpts("repl", nil)
		bOpts.Lease.Wait = -1
		b := must[*session.Session](t)(session.Resume(ctx, st, a.ID(), bOpts))
		if got := toolResults(t, st, a.ID())[call]; len(got) != 1 || got[0] != session.InterruptedText {
			t.Errorf("the zombie's cell has results %q after resume, want the interruption", got)
		}
		if f := b.Followed(); !strings.Contains(f, "took session") || !strings.Contains(f, "1 interrupted cell recorded") {
			t.Errorf("Followed: %q", f)
		}
		tn := must[session.Turn](t)(b.RunTurn(ctx, "(* 2 3)", session.TurnOptions{}))
		if tn.Cell.Text != "6" {
			t.Errorf("the turn after the takeover gave %s", tn.Cell.Text)
		}
	})
}
