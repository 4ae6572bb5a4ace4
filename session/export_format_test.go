package session_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store/jsonl"
	"github.com/nodelisp/nodelisp/store/sqlite"
)

var updateExport = flag.Bool("update-export", false, "rewrite testdata/export_format.jsonl")

// TestExportFormat runs one session through every record the host writes
// (settings, inputs, cells with notes, state, errors and watched values,
// file changes, answers, requests with a warning and an eviction, usage, a
// ceiling, a context edit, head moves, a manual eviction, an interrupted
// result is left to recover_test) and compares its export, times and
// durations masked, with the file exported by the code before package
// event owned the payloads: the log's format is those bytes.
func TestExportFormat(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := sqlite.Open(ctx, filepath.Join(dir, "log.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	work := filepath.Join(dir, "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	s, err := session.Open(ctx, st, session.Options{
		ID: "format", Title: "format", Model: "m1", System: "Answer in Lisp.", Home: dir, Workdir: work,
		// A budget with room for the warning (about 75 tokens) over 85%.
		BudgetEnv: &evict.Env{Tokens: "1000"},
	})
	if err != nil {
		t.Fatal(err)
	}
	must := func(_ any, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	for i, cell := range []string{
		";; a note <b>\n(defvar *n* 1)",
		"(watch '*n*)",
		`(write-file "a.txt" "one")`,
		"(car 5)",
		`(recall-log :limit 1)`,
		"(context :drop '(31 . 32) :note \"dropped\")",
	} {
		must(s.Input(ctx, "turn "+string(rune('a'+i))))
		must(s.Eval(ctx, cell, session.TurnOptions{}))
		must(s.Answer(ctx, "done & <ok>"))
		must(s.Window(ctx, session.WindowOptions{Send: true}))
		if err := s.ReportUsage(ctx, 860+i); err != nil {
			t.Fatal(err)
		}
		if i == 1 {
			must(s.Evict(ctx, "1"))
		}
	}
	if err := s.ReportTooLarge(ctx, 350); err != nil {
		t.Fatal(err)
	}
	must(s.Undo(ctx, session.UndoOptions{}))
	must(s.Redo(ctx, session.UndoOptions{}))
	must(s.Window(ctx, session.WindowOptions{Send: true}))
	var buf bytes.Buffer
	if _, err := jsonl.Export(ctx, st, &buf, jsonl.ExportOptions{}); err != nil {
		t.Fatal(err)
	}
	got := maskExport(buf.Bytes())
	golden := filepath.Join("testdata", "export_format.jsonl")
	if *updateExport {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("export (-want +got):\n%s", d)
	}
}

// maskExport blanks what differs between two runs of the same session:
// times (recall's plists show them too), a cell's duration and a
// (context …) call's random id.
func maskExport(b []byte) []byte {
	b = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:[0-9.]+Z`).ReplaceAll(b, []byte(`T`))
	b = regexp.MustCompile(`"duration_ms":\d+`).ReplaceAll(b, []byte(`"duration_ms":0`))
	b = regexp.MustCompile(`"nonce":"[0-9a-f]+"`).ReplaceAll(b, []byte(`"nonce":"N"`))
	return b
}
