package jsonl_test

import (
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/store/jsonl"
)

// TestReadErrorsInTheFilesTerms: a bad line's error names the line and the
// field as the file has them, not Go's types ("Go struct field
// eventInput…") or its scanner ("bufio.Scanner: token too long").
func TestReadErrorsInTheFilesTerms(t *testing.T) {
	session := `{"type":"session","id":"s1","title":"","created_at":"2026-11-30T10:00:00.000000Z","parent":null,"fork_seq":null}`
	event := func(seq string) string {
		return `{"type":"event","session":"s1","seq":` + seq + `,"at":"2026-11-30T10:00:00.000000Z","kind":"input","turn":1,"payload":{"text":"a","parent":0}}`
	}
	cases := []struct {
		name, file, want string
	}{
		{"seq a string", session + "\n" + event(`"1"`), `line 2: field "seq": want an integer, got a JSON string`},
		{"seq a fraction", session + "\n" + event(`1.5`), `line 2: field "seq": want an integer in range, got 1.5`},
		{"seq past int64", session + "\n" + event(`99999999999999999999`), `line 2: field "seq": want an integer in range`},
		{"unknown field", strings.Replace(session, `"fork_seq":null`, `"fork_seq":null,"x":1`, 1), `line 1: unknown field "x"`},
		{"a line too long", session + "\n" + `{"type":"event","payload":"` + strings.Repeat("x", 2<<20) + `"}`, "line 2: the line is longer than the limit of 1 MiB"},
	}
	defer jsonl.SetMaxLine(1 << 20)()
	for _, c := range cases {
		_, err := jsonl.Read(strings.NewReader(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
		if err != nil && (strings.Contains(err.Error(), "Go struct") || strings.Contains(err.Error(), "bufio") || strings.Contains(err.Error(), "json:")) {
			t.Errorf("%s: error in Go's terms: %v", c.name, err)
		}
	}
}

// TestReadLineNotAnObject: a line that is JSON but not an object says so,
// not "cannot unmarshal array into Go value of type struct".
func TestReadLineNotAnObject(t *testing.T) {
	for _, line := range []string{`[1, 2]`, `"session"`, `{"type":`} {
		_, err := jsonl.Read(strings.NewReader(line))
		if err == nil || !strings.HasPrefix(err.Error(), "line 1: not a JSON object") || strings.Contains(err.Error(), "Go ") {
			t.Errorf("%s: got %v", line, err)
		}
	}
}
