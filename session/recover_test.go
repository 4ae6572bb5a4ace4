package session_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

func rawAppend(t *testing.T, st store.Store, id, kind string, turn int64, payload string) int64 {
	t.Helper()
	out := must[[]store.Event](t)(st.Append(context.Background(), id, []store.NewEvent{{Kind: kind, Turn: turn, Payload: json.RawMessage(payload)}}))
	return out[0].Seq
}

// TestResumeClosesAnInterruptedCell: a tool call whose host died before
// its result gets, on resume, a result saying so, and the window pairs it.
func TestResumeClosesAnInterruptedCell(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s := must[*session.Session](t)(session.Open(ctx, st, opts("")))
		turn := must[int64](t)(s.Input(ctx, "go"))
		cell(t, s, `(+ 1 2)`)
		call := rawAppend(t, st, s.ID(), event.KindToolCall, turn, `{"code":"(loop)","note":null}`)
		again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), opts("")))
		r := must[store.ScanResult](t)(st.Scan(ctx, store.Query{Session: s.ID(), Kinds: []string{event.KindToolResult}}))
		if len(r.Events) != 2 {
			t.Fatalf("%d tool results after resume, want 2", len(r.Events))
		}
		last := r.Events[1]
		if p, err := event.Decode[event.ToolResult](last.Payload); err != nil || p.Call != call || p.Text != session.InterruptedText || !p.Error || !p.Interrupted || last.Turn != turn {
			t.Errorf("interruption result %s (turn %d), want one for call %d of turn %d", last.Payload, last.Turn, call, turn)
		}
		w := must[*session.Window](t)(again.Window(ctx, session.WindowOptions{}))
		got := strings.Join(texts(w), "\n")
		if !strings.Contains(got, session.InterruptedText) {
			t.Errorf("the window does not show the interruption:\n%s", got)
		}
		// A second resume finds nothing more to close.
		must[*session.Session](t)(session.Resume(ctx, st, s.ID(), opts("")))
		r = must[store.ScanResult](t)(st.Scan(ctx, store.Query{Session: s.ID(), Kinds: []string{event.KindToolResult}}))
		if len(r.Events) != 2 {
			t.Errorf("%d tool results after a second resume, want 2", len(r.Events))
		}
	})
}

// TestResumeReconcilesAChangeTheDiskLacks is the crash between recording a
// file change and the rename that makes it visible: the log says "new",
// the disk still holds "old", and a staged temporary file lies beside it.
// Resume records the disk's contents, removes the temporary file, and undo
// then restores the file as the turn found it.
func TestResumeReconcilesAChangeTheDiskLacks(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, "one"))
		cell(t, s, `(write-file "a.txt" "old")`)
		turn := must[int64](t)(s.Input(ctx, "two"))
		rawAppend(t, st, s.ID(), event.KindFileChange, turn, `{"path":"a.txt","before":"old","after":"new"}`)
		writeTemp(t, filepath.Join(dir, ".a.txt.0123456789ab.tmp"), "new")
		again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), fileOpts(dir, 0)))
		wantFiles(t, dir, map[string]string{"a.txt": "old"})
		evs := fileEvents(t, st, s.ID())
		if n := len(evs); n != 3 || !strings.Contains(string(evs[2].Payload), `"before":"new","after":"old","reconciled":true`) {
			t.Fatalf("file changes after resume: %d, last %s", n, evs[n-1].Payload)
		}
		mv, err := again.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err)
		wantFiles(t, dir, map[string]string{"a.txt": "old"})
		mv, err = again.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "removed a.txt")
		wantFiles(t, dir, map[string]string{})
	})
}

// TestResumeLeavesAnEditMadeWhileNoHostRan: someone edits files the
// session changed while no nodelisp runs. Resume records nothing for
// them, and undo, redo and rewind each leave the edited file alone with
// the line an edit made while the host runs gets (before: resume took
// the edit for the log's own, and undo deleted it).
func TestResumeLeavesAnEditMadeWhileNoHostRan(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		one := must[int64](t)(s.Input(ctx, "one"))
		cell(t, s, `(write-file "a.txt" "old")`)
		must[int64](t)(s.Input(ctx, "two"))
		cell(t, s, `(write-file "b.txt" "mine")`)
		resume := func() *session.Session {
			t.Helper()
			return must[*session.Session](t)(session.Resume(ctx, st, s.ID(), fileOpts(dir, 0)))
		}

		writeTemp(t, filepath.Join(dir, "b.txt"), "theirs")
		before := len(fileEvents(t, st, s.ID()))
		again := resume()
		if n := len(fileEvents(t, st, s.ID())); n != before {
			t.Errorf("resume recorded %d file changes for an edit it did not make", n-before)
		}
		mv, err := again.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "left b.txt: changed since (not overwritten)")
		wantFiles(t, dir, map[string]string{"a.txt": "old", "b.txt": "theirs"})

		// Redo after an edit made between two processes.
		writeTemp(t, filepath.Join(dir, "b.txt"), "theirs again")
		mv, err = resume().Redo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "left b.txt: changed since (not overwritten)")
		wantFiles(t, dir, map[string]string{"a.txt": "old", "b.txt": "theirs again"})

		// Rewind to the first turn after an edit of its file.
		writeTemp(t, filepath.Join(dir, "a.txt"), "edited")
		mv, err = resume().Rewind(ctx, one, session.UndoOptions{})
		wantMove(t, mv, err, "left b.txt: changed since (not overwritten)")
		wantFiles(t, dir, map[string]string{"a.txt": "edited", "b.txt": "theirs again"})
		mv, err = resume().Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "left a.txt: changed since (not overwritten)")
		wantFiles(t, dir, map[string]string{"a.txt": "edited", "b.txt": "theirs again"})
	})
}

func writeTemp(t *testing.T, p, text string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestResumeRefusesAnImpossibleLog: a store written by something else can
// hold a log no session writes. Resume must say so, not loop, allocate
// without bound or leave head on a missing turn.
func TestResumeRefusesAnImpossibleLog(t *testing.T) {
	cases := []struct {
		name   string
		events [][3]string // kind, turn, payload
		rule   string
	}{
		{"input parents in a cycle", [][3]string{
			{event.KindInput, "0", `{"text":"a","parent":2}`},
			{event.KindInput, "0", `{"text":"b","parent":1}`},
		}, "input's parent 2"},
		{"head move to a missing turn", [][3]string{
			{event.KindInput, "0", `{"text":"a","parent":0}`},
			{event.KindHeadMove, "0", `{"from":1,"to":99,"why":"undo"}`},
		}, "head move's to 99"},
	}
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		for _, c := range cases {
			sess := must[store.Session](t)(st.CreateSession(ctx, "", c.name))
			for _, e := range c.events {
				var turn int64
				if e[1] != "0" {
					t.Fatal("turns are zero here")
				}
				rawAppend(t, st, sess.ID, e[0], turn, e[2])
			}
			_, err := session.Resume(ctx, st, sess.ID, opts(""))
			if !errors.Is(err, store.ErrInvalid) || !strings.Contains(err.Error(), c.rule) || !strings.Contains(err.Error(), "cannot be resumed") {
				t.Errorf("%s: resume gave %v, want an error saying %q", c.name, err, c.rule)
			}
		}
	})
}
