package storetest

import (
	"context"
	"errors"
	"github.com/nodelisp/nodelisp/event"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/jsonl"
)

// Lines for the logs that cannot exist: a session line and event lines.
const (
	rootLine = `{"type":"session","id":"s1","title":"","created_at":"2026-11-30T10:00:00.000000Z","parent":null,"fork_seq":null}`
	input1   = `{"type":"event","session":"s1","seq":1,"at":"2026-11-30T10:00:00.000000Z","kind":"input","turn":1,"payload":{"text":"a","parent":0}}`
)

func forkLine(id, parent, forkSeq string) string {
	return `{"type":"session","id":"` + id + `","title":"","created_at":"2026-11-30T10:00:00.000000Z","parent":"` + parent + `","fork_seq":` + forkSeq + `}`
}

func eventLine(session, seq, kind, turn, payload string) string {
	return `{"type":"event","session":"` + session + `","seq":` + seq + `,"at":"2026-11-30T10:00:00.000000Z","kind":"` + kind + `","turn":` + turn + `,"payload":` + payload + `}`
}

// testImportImpossible feeds import the logs issue 23's probes found it
// took although no session could have written them; each must fail on
// its line, naming the rule, with nothing imported.
func testImportImpossible(t *testing.T, h *harness) {
	ctx := context.Background()
	cases := []struct {
		name  string
		lines []string
		line  int
		rule  string
	}{
		{"seq at the top of int64", []string{rootLine, input1,
			eventLine("s1", "9223372036854775807", "tool call", "1", `{"code":"1","note":null}`)}, 3, "out of range"},
		{"seq past MaxSeq", []string{rootLine, eventLine("s1", "9007199254740993", "input", "9007199254740993", `{"text":"a","parent":0}`)}, 2, "out of range"},
		{"inputs whose parents point at each other", []string{rootLine,
			eventLine("s1", "1", "input", "1", `{"text":"a","parent":2}`),
			eventLine("s1", "2", "input", "2", `{"text":"b","parent":1}`)}, 2, "not an earlier input"},
		{"input parent not in the log", []string{rootLine, input1,
			eventLine("s1", "2", "input", "2", `{"text":"b","parent":7}`)}, 3, "not an earlier input"},
		{"head move to no turn", []string{rootLine, input1,
			eventLine("s1", "2", "head move", "0", `{"from":1,"to":99,"why":"undo"}`)}, 3, "head move's to 99"},
		{"head move from no turn", []string{rootLine, input1,
			eventLine("s1", "2", "head move", "0", `{"from":5,"to":0,"why":"undo"}`)}, 3, "head move's from 5"},
		{"fork_seq negative", []string{rootLine, input1, forkLine("s2", "s1", "-1")}, 3, "fork_seq -1"},
		{"fork_seq past the parent's end", []string{rootLine, input1, forkLine("s2", "s1", "5")}, 3, "past the end of parent s1"},
		{"turn naming no input", []string{rootLine, input1,
			eventLine("s1", "2", "tool call", "1", `{"code":"1","note":null}`),
			eventLine("s1", "3", "tool result", "2", `{"call":2,"text":"1"}`)}, 4, "turn 2 is not the seq of an earlier input"},
		{"turn of a later input", []string{rootLine,
			eventLine("s1", "1", "tool call", "2", `{"code":"1","note":null}`),
			eventLine("s1", "2", "input", "2", `{"text":"a","parent":0}`)}, 2, "turn 2"},
		{"input whose turn is not its seq", []string{rootLine, eventLine("s1", "1", "input", "0", `{"text":"a","parent":0}`)}, 2, "its own seq"},
		{"fork cycle", []string{forkLine("a", "b", "0"), forkLine("b", "a", "0")}, 1, "fork cycle"},
		{"fork turn naming a parent's event past the fork", []string{rootLine, input1,
			eventLine("s1", "2", "input", "2", `{"text":"b","parent":1}`), forkLine("s2", "s1", "1"),
			eventLine("s2", "2", "tool call", "2", `{"code":"1","note":null}`)}, 5, "turn 2"},
	}
	for _, c := range cases {
		s := h.newStore(t)
		_, err := jsonl.Import(ctx, s, strings.NewReader(strings.Join(c.lines, "\n")), jsonl.ImportOptions{})
		var le *jsonl.LineError
		if !errors.As(err, &le) || le.Line != c.line || !strings.Contains(err.Error(), c.rule) {
			t.Errorf("%s: got %v, want an error on line %d saying %q", c.name, err, c.line, c.rule)
		}
		if all, _ := s.Sessions(ctx); len(all) != 0 {
			t.Errorf("%s: %d sessions imported from a bad file", c.name, len(all))
		}
	}
}

// testImportForkOfStored checks the rules only the store can: a fork of a
// session already in it must fork inside it and name its turns.
func testImportForkOfStored(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "s1", "")
	mustAppend(t, s, "s1", store.NewEvent{Kind: event.KindInput, Payload: payload(t, map[string]any{"text": "a", "parent": 0})},
		store.NewEvent{Kind: event.KindToolCall, Payload: payload(t, map[string]any{"code": "1", "note": nil})})
	for _, c := range []struct {
		name  string
		lines []string
		line  int
		rule  string
	}{
		{"past the end", []string{forkLine("f", "s1", "3")}, 1, "past the end of parent s1"},
		{"turn not an input", []string{forkLine("f", "s1", "2"), eventLine("f", "3", "tool call", "2", `{"code":"1","note":null}`)}, 2, "turn 2"},
	} {
		_, err := jsonl.Import(ctx, s, strings.NewReader(strings.Join(c.lines, "\n")), jsonl.ImportOptions{})
		var le *jsonl.LineError
		if !errors.As(err, &le) || le.Line != c.line || !strings.Contains(err.Error(), c.rule) {
			t.Errorf("%s: got %v, want an error on line %d saying %q", c.name, err, c.line, c.rule)
		}
		if _, err := s.Session(ctx, "f"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s: the fork was imported: %v", c.name, err)
		}
	}
	good := strings.Join([]string{forkLine("f", "s1", "2"), eventLine("f", "3", "tool result", "1", `{"call":2,"text":"1"}`)}, "\n")
	if _, err := jsonl.Import(ctx, s, strings.NewReader(good), jsonl.ImportOptions{}); err != nil {
		t.Errorf("a fork naming its parent's turn: %v", err)
	}
}
