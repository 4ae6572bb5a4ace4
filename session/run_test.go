package session_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// runSession opens a session that may run commands in a fresh directory.
func runSession(t *testing.T, st store.Store) (*session.Session, string) {
	t.Helper()
	dir := t.TempDir()
	opts := fileOpts(dir, 0)
	opts.AllowRun, opts.Home = true, t.TempDir()
	s := must[*session.Session](t)(session.Open(context.Background(), st, opts))
	t.Cleanup(func() { s.Close() })
	return s, dir
}

// tree is every regular file under dir with its contents and mode.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for rel, text := range snapshot(t, dir) {
		info, err := os.Stat(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		out[rel] = info.Mode().Perm().String() + " " + text
	}
	return out
}

func wantTree(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	got := tree(t, dir)
	if len(got) != len(want) {
		t.Errorf("tree %v, want %v", got, want)
		return
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("tree %v, want %v", got, want)
			return
		}
	}
}

func TestRunChangesUndoRedo(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := runSession(t, st)
		must[int64](t)(s.Input(ctx, "set up"))
		cell(t, s, `(write-file "keep.txt" "same")`)
		cell(t, s, `(write-file "edit.txt" "old text")`)
		cell(t, s, `(write-file "gone.txt" "bye")`)
		cell(t, s, `(write-file "tool.sh" "echo hi")`)
		before := tree(t, dir)

		must[int64](t)(s.Input(ctx, "build"))
		got := cell(t, s, `(run "echo new text > edit.txt; rm gone.txt; mkdir -p out; echo made > out/made.txt; chmod 755 tool.sh; printf 'a\\000b' > out/data.bin; echo done")`)
		for _, want := range []string{`:exit-code 0`, `:stdout "done
"`, `"created out/data.bin (3 B, binary or over the size cap: recorded by hash)"`, `"created out/made.txt (5 B)"`,
			`"deleted gone.txt (3 B)"`, `"modified edit.txt (8 B → 9 B)"`, `"changed the mode of tool.sh (644 → 755)"`} {
			if !strings.Contains(got, want) {
				t.Errorf("run returned %s\nwant it to hold %s", got, want)
			}
		}
		after := tree(t, dir)

		mv, err := s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored tool.sh", "removed out/made.txt", "removed out/data.bin", "restored gone.txt", "restored edit.txt")
		wantTree(t, dir, before)
		mv, err = s.Redo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored tool.sh", "restored out/made.txt", "left out/data.bin: not restored (a run changed it and its contents were recorded by hash only: a binary file or one over the size cap)", "removed gone.txt", "restored edit.txt")
		delete(after, "out/data.bin")
		wantTree(t, dir, after)
	})
}

func TestRunUndoLeavesAFileChangedSince(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := runSession(t, st)
		must[int64](t)(s.Input(ctx, "go"))
		cell(t, s, `(run "echo one > notes.txt")`)
		if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("someone else's\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		mv, err := s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "left notes.txt: changed since (not overwritten)")
		wantFiles(t, dir, map[string]string{"notes.txt": "someone else's\n"})
	})
}

func TestRunChangeEventsReadLikeTheFileVerbs(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, _ := runSession(t, st)
		must[int64](t)(s.Input(ctx, "go"))
		cell(t, s, `(run "printf hello > a.txt")`)
		got := cell(t, s, `(mapcar (lambda (e) (getf e :body)) (recall-log :kinds "file change"))`)
		if got != `("create a.txt (5 B)")` {
			t.Fatalf("recall-log shows %s", got)
		}
		evs := fileEvents(t, st, s.ID())
		if p := string(evs[0].Payload); !strings.Contains(p, `"path":"a.txt","before":null,"after":"hello"`) || !strings.Contains(p, `"after_mode":"644"`) {
			t.Fatalf("payload %s", p)
		}
	})
}

func TestRunRefusedWhenNotAllowed(t *testing.T) {
	ctx := context.Background()
	s, dir := fileSession(t, testdb.SQLite(t), 0)
	must[int64](t)(s.Input(ctx, "go"))
	if got := cellError(t, s, `(run "touch x")`); got != session.RunRefusal {
		t.Fatalf("got %q", got)
	}
	wantFiles(t, dir, map[string]string{})
}

func TestRunProgramArgsAndErrors(t *testing.T) {
	ctx := context.Background()
	s, _ := runSession(t, testdb.SQLite(t))
	must[int64](t)(s.Input(ctx, "go"))
	if got := cell(t, s, `(getf (run "printf" :args '("%s|%s" "a b" "$HOME")) :stdout)`); got != `"a b|$HOME"` {
		t.Errorf("program with args: %s", got)
	}
	if got := cell(t, s, `(getf (run "exit 7") :exit-code)`); got != "7" {
		t.Errorf("exit code: %s", got)
	}
	if got := cellError(t, s, `(run "no-such-program-x" :args '("a"))`); !strings.Contains(got, "run: no-such-program-x: cannot start") {
		t.Errorf("missing program: %s", got)
	}
	if got := cellError(t, s, `(run "true" :dir "../")`); !strings.Contains(got, "outside the working directory") {
		t.Errorf(":dir outside: %s", got)
	}
	if got := cellError(t, s, `(run "true" :env '("NOEQUALS"))`); !strings.Contains(got, `:env entry "NOEQUALS" is not NAME=value`) {
		t.Errorf(":env: %s", got)
	}
	if got := cell(t, s, `(getf (run "sleep 5" :timeout-ms 100) :timed-out)`); got != "t" {
		t.Errorf(":timeout-ms: %s", got)
	}
}

func TestRunStoppedCellStillRecordsItsChanges(t *testing.T) {
	ctx := context.Background()
	s, dir := runSession(t, testdb.SQLite(t))
	must[int64](t)(s.Input(ctx, "go"))
	cctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	r := must[session.CellResult](t)(s.Eval(cctx, `(run "echo partial > half.txt; trap '' TERM; sleep 30")`, session.TurnOptions{}))
	if !r.Error {
		t.Fatalf("a stopped cell returned %s", r.Text)
	}
	wantFiles(t, dir, map[string]string{"half.txt": "partial\n"})
	mv, err := s.Undo(ctx, session.UndoOptions{})
	wantMove(t, mv, err, "removed half.txt")
}

// A command that makes more files than a run records yields that many
// file change events and one line counting the rest.
func TestRunRecordsAtMostTheLimit(t *testing.T) {
	ctx := context.Background()
	st := testdb.SQLite(t)
	dir := t.TempDir()
	opts := fileOpts(dir, 0)
	opts.AllowRun, opts.Home, opts.RunMaxChanges = true, t.TempDir(), 5
	s := must[*session.Session](t)(session.Open(ctx, st, opts))
	t.Cleanup(func() { s.Close() })
	must[int64](t)(s.Input(ctx, "go"))
	got := cell(t, s, `(getf (run "for i in $(seq 1 40); do echo $i > f$i.txt; done") :files)`)
	if !strings.Contains(got, `"`+session.NotRecordedLine(35)+`"`) || strings.Count(got, `"created `) != 5 {
		t.Fatalf("run's :files is %s", got)
	}
	if evs := fileEvents(t, st, s.ID()); len(evs) != 5 {
		t.Fatalf("%d file change events, want 5", len(evs))
	}
	// The files past the limit are in the picture all the same: the next
	// run does not tell them again.
	if got := cell(t, s, `(getf (run "true") :files)`); got != "nil" {
		t.Fatalf("the next run told %s", got)
	}
}

// What run keeps of a command's output is booked against the cell's
// memory cap before the command starts: a cap too small for it ends the
// cell with the cap's condition, and the command never ran.
func TestRunOutputCountsAgainstTheMemoryCap(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	opts := fileOpts(dir, 0)
	opts.AllowRun, opts.Home = true, t.TempDir()
	opts.Limits.MaxMemory, opts.RunOutput = 64<<20, 40<<20
	s := must[*session.Session](t)(session.Open(ctx, testdb.SQLite(t), opts))
	t.Cleanup(func() { s.Close() })
	must[int64](t)(s.Input(ctx, "go"))
	got := cellError(t, s, `(run "touch ran.txt")`)
	if !strings.Contains(got, "memory limit exceeded (64 MiB): run's output of up to 41943040 bytes a stream needs 80 MiB") {
		t.Fatalf("got %q", got)
	}
	wantFiles(t, dir, map[string]string{})
}

// A command printing 100 MB through a cell: the result is cut with the
// count left out, and the host's heap grows by nothing like it.
func TestRunHundredMegabytesThroughACell(t *testing.T) {
	ctx := context.Background()
	s, _ := runSession(t, testdb.SQLite(t))
	must[int64](t)(s.Input(ctx, "go"))
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got := cell(t, s, `(length (getf (run "head -c 100000000 /dev/zero | tr '\\0' x") :stdout))`)
	runtime.ReadMemStats(&after)
	if n, err := strconv.Atoi(got); err != nil || n > 300<<10 {
		t.Fatalf("the kept stdout is %s characters", got)
	}
	if grew := int64(after.HeapInuse) - int64(before.HeapInuse); grew > 10<<20 {
		t.Fatalf("heap grew by %d bytes for 100 MB of output", grew)
	}
	if got := cell(t, s, `(search "bytes left out" (getf (run "head -c 1000000 /dev/zero | tr '\\0' x") :stdout))`); got == "nil" {
		t.Fatal("no count of what was left out")
	}
}

// /tree N rewind over a run's turn puts the tree back exactly, created,
// edited and deleted files and modes, going back and forth; and a run
// after the move sees no change of its own in what the move restored.
func TestRunTreeRewindPutsTheTreeBack(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := runSession(t, st)
		setUp := must[int64](t)(s.Input(ctx, "set up"))
		cell(t, s, `(write-file "keep.txt" "same")`)
		cell(t, s, `(write-file "edit.txt" "old text")`)
		cell(t, s, `(write-file "gone.txt" "bye")`)
		cell(t, s, `(write-file "tool.sh" "echo hi")`)
		atSetUp := tree(t, dir)

		build := must[int64](t)(s.Input(ctx, "build"))
		cell(t, s, `(run "echo new text > edit.txt; rm gone.txt; mkdir -p out/deep; echo made > out/deep/made.txt; chmod 755 tool.sh; chmod 600 keep.txt")`)
		atBuild := tree(t, dir)

		tidy := must[int64](t)(s.Input(ctx, "tidy"))
		cell(t, s, `(write-file "edit.txt" "third")`)
		cell(t, s, `(run "rm out/deep/made.txt; echo later > later.txt")`)
		atTidy := tree(t, dir)

		for _, step := range []struct {
			name string
			turn int64
			want map[string]string
		}{{"back to set up", setUp, atSetUp}, {"forward to build", build, atBuild}, {"forward to tidy", tidy, atTidy}, {"back to set up again", setUp, atSetUp}} {
			if _, err := s.Rewind(ctx, step.turn, session.UndoOptions{}); err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			wantTree(t, dir, step.want)
		}
		must[int64](t)(s.Input(ctx, "again"))
		if got := cell(t, s, `(getf (run "true") :files)`); got != "nil" {
			t.Fatalf("a run after the rewind told %s", got)
		}
	})
}
