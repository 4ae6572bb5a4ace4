package storetest

import (
	"bytes"
	"context"
	"errors"
	"github.com/nodelisp/nodelisp/event"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/jsonl"
)

func export(t *testing.T, s store.Store) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := jsonl.Export(context.Background(), s, &buf, jsonl.ExportOptions{}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func testExportImportRoundTrip(t *testing.T, h *harness) {
	ctx := context.Background()
	src := h.newStore(t)
	mustSession(t, src, "p", "parent <&> \"quoted\" — ünïcode")
	var batch []store.NewEvent
	for _, p := range oddPayloads() {
		batch = append(batch, store.NewEvent{Kind: event.KindToolResult, Payload: p})
	}
	mustAppend(t, src, "p", batch...)
	if _, err := src.Fork(ctx, "p", 2, "f", "fork"); err != nil {
		t.Fatal(err)
	}
	mustAppend(t, src, "f", store.NewEvent{Kind: "host kind", Payload: text(t, "in the fork")})
	first := export(t, src)

	dst := h.newStore(t)
	var calls int
	stats, err := jsonl.Import(ctx, dst, bytes.NewReader(first), jsonl.ImportOptions{Progress: func(jsonl.Stats) { calls++ }})
	if err != nil {
		t.Fatal(err)
	}
	if stats.Sessions != 2 || stats.Events != 7 || calls == 0 {
		t.Errorf("import stats %+v, progress calls %d", stats, calls)
	}
	second := export(t, dst)
	if !bytes.Equal(first, second) {
		t.Errorf("export → import → export changed the bytes:\n%.600s\n---\n%.600s", first, second)
	}
	got := mustAppend(t, dst, "f", store.NewEvent{Kind: event.KindInput, Payload: text(t, "after import")})
	if got[0].Seq != 4 {
		t.Errorf("first seq after import %d, want 4", got[0].Seq)
	}
	r := mustScan(t, dst, store.Query{Session: "f", Match: "ünïcode"})
	if len(r.Events) != 0 {
		t.Errorf("title text matched a payload")
	}
}

const specExample = `{"type":"session","id":"s1","title":"deploy work","created_at":"2026-11-30T10:00:00.000000Z","parent":null,"fork_seq":null}
{"type":"event","session":"s1","seq":1,"at":"2026-11-30T10:00:00.000000Z","kind":"input","turn":1,"payload":{"text":"fix the deploy script","parent":0}}
{"type":"event","session":"s1","seq":2,"at":"2026-11-30T10:00:01.500000Z","kind":"tool call","turn":1,"payload":{"code":";; look first\n(recall-search \"deploy\")","note":"look first"}}
{"type":"session","id":"s2","title":"","created_at":"2026-11-30T11:00:00.000001Z","parent":"s1","fork_seq":1}
{"type":"event","session":"s2","seq":5,"at":"2026-11-30T11:00:00.123456Z","kind":"tool result","turn":1,"payload":{ "text" : "spaced  <b>" , "n":1e2}}
`

func testImportSpecExample(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	if _, err := jsonl.Import(ctx, s, strings.NewReader(specExample), jsonl.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := string(export(t, s)); got != specExample {
		t.Errorf("export of an imported file differs:\n%s---\nwant:\n%s", got, specExample)
	}
	e, err := s.Event(ctx, "s2", 1)
	if err != nil || e.Session != "s1" || e.Body != "fix the deploy script" {
		t.Errorf("fork reads parent after import: %+v %v", e, err)
	}
	got := mustAppend(t, s, "s1", store.NewEvent{Kind: event.KindInput, Payload: text(t, "more")})
	if got[0].Seq != 3 {
		t.Errorf("s1 next seq %d, want 3", got[0].Seq)
	}
	got = mustAppend(t, s, "s2", store.NewEvent{Kind: event.KindInput, Payload: text(t, "more")})
	if got[0].Seq != 6 {
		t.Errorf("s2 next seq %d, want 6", got[0].Seq)
	}
}

func testImportErrors(t *testing.T, h *harness) {
	ctx := context.Background()
	lines := strings.Split(strings.TrimSuffix(specExample, "\n"), "\n")
	bad := []struct {
		name string
		line int
		edit func(ls []string) []string
	}{
		{"not JSON", 3, func(ls []string) []string { ls[2] = `{"type":"event",`; return ls }},
		{"bad time", 2, func(ls []string) []string { ls[1] = strings.Replace(ls[1], ".000000Z", "Z", 1); return ls }},
		{"unknown type", 4, func(ls []string) []string { ls[3] = `{"type":"other"}`; return ls }},
		{"event of another session", 5, func(ls []string) []string { ls[4] = strings.Replace(ls[4], `"s2"`, `"s1"`, 1); return ls }},
		{"seq not rising", 3, func(ls []string) []string { ls[2] = strings.Replace(ls[2], `"seq":2`, `"seq":1`, 1); return ls }},
		{"payload not an object", 2, func(ls []string) []string {
			ls[1] = strings.Replace(ls[1], `"payload":{"text":"fix the deploy script","parent":0}`, `"payload":"x"`, 1)
			return ls
		}},
		{"unknown field", 1, func(ls []string) []string {
			ls[0] = strings.Replace(ls[0], `"fork_seq":null`, `"fork_seq":null,"x":1`, 1)
			return ls
		}},
	}
	for _, b := range bad {
		s := h.newStore(t)
		file := strings.Join(b.edit(append([]string(nil), lines...)), "\n")
		_, err := jsonl.Import(ctx, s, strings.NewReader(file), jsonl.ImportOptions{})
		var le *jsonl.LineError
		if !errors.As(err, &le) || le.Line != b.line {
			t.Errorf("%s: got %v, want an error on line %d", b.name, err, b.line)
		}
		if all, _ := s.Sessions(ctx); len(all) != 0 {
			t.Errorf("%s: %d sessions imported from a bad file", b.name, len(all))
		}
	}

	s := h.newStore(t)
	mustSession(t, s, "s2", "already here")
	_, err := jsonl.Import(ctx, s, strings.NewReader(specExample), jsonl.ImportOptions{})
	if !errors.Is(err, store.ErrExists) {
		t.Errorf("import over an existing id: got %v, want ErrExists", err)
	}
	if _, err := s.Session(ctx, "s1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("session s1 imported although s2 failed: %v", err)
	}
}
