package evict

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/internal/golden"
)

// stubCase is one testdata/evict/NAME.json: which stub, and its span.
type stubCase struct {
	Kind     string   `json:"kind"` // "whole" or "turn"
	First    int64    `json:"first"`
	Last     int64    `json:"last"`
	Turns    int      `json:"turns"`
	Rounds   int      `json:"rounds"`
	Defined  []string `json:"defined"`
	Watching []struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	} `json:"watching"`
	Notes []struct {
		Seq  int64  `json:"seq"`
		Text string `json:"text"`
	} `json:"notes"`
}

func (c stubCase) span() Span {
	s := Span{First: c.First, Last: c.Last, Turns: c.Turns, Rounds: c.Rounds, Defined: c.Defined}
	for _, w := range c.Watching {
		s.Watching = append(s.Watching, Watch{Name: w.Name, Value: w.Value})
	}
	for _, n := range c.Notes {
		s.Notes = append(s.Notes, Note{Seq: n.Seq, Text: n.Text})
	}
	return s
}

// TestStubGolden renders every testdata/evict/NAME.json and compares it
// with NAME.golden: the stub's bytes and one final newline.
func TestStubGolden(t *testing.T) {
	files, err := filepath.Glob("../testdata/evict/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no stub cases: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var c stubCase
			if err := json.Unmarshal(b, &c); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			var got string
			switch c.Kind {
			case "whole":
				got = WholeStub(c.span())
			case "turn":
				got = TurnStub(c.span())
			default:
				t.Fatalf("%s: kind %q", file, c.Kind)
			}
			got += "\n"
			golden.Check(t, strings.TrimSuffix(file, ".json")+".golden", got)
		})
	}
}

// TestStubLimits checks the stub's limits directly, apart from the golden
// files: every note line within MaxNoteLine characters, valid UTF-8, the
// newest MaxNotes kept.
func TestStubLimits(t *testing.T) {
	var notes []Note
	for i := range 250 {
		notes = append(notes, Note{Seq: int64(i + 1), Text: strings.Repeat("ü日😀a", i+1)})
	}
	stub := WholeStub(Span{First: 1, Last: 999, Turns: 50, Notes: notes})
	lines := strings.Split(stub, "\n")
	if got, want := len(lines), 1+1+1+MaxNotes; got != want {
		t.Fatalf("%d lines, want %d", got, want)
	}
	if lines[2] != " +150 earlier" {
		t.Errorf("line 3 = %q, want \" +150 earlier\"", lines[2])
	}
	if !strings.HasPrefix(lines[3], " seq 151 · ") {
		t.Errorf("first note line = %.20q, want the 151st note", lines[3])
	}
	for i, l := range lines[3:] {
		if i == MaxNotes-1 {
			l = strings.TrimSuffix(l, "]")
		}
		if n := utf8.RuneCountInString(l); n > MaxNoteLine {
			t.Errorf("note line %d has %d characters", i, n)
		}
		if !utf8.ValidString(l) {
			t.Errorf("note line %d is not valid UTF-8", i)
		}
	}
	if !strings.HasSuffix(stub, "]") {
		t.Error("the stub does not end with ]")
	}
}

func TestStubEmptySpan(t *testing.T) {
	if got := WholeStub(Span{First: 1, Last: 5}); got != "" {
		t.Errorf("WholeStub of no turns = %q, want \"\"", got)
	}
	if got := TurnStub(Span{First: 1, Last: 5, Turns: 2}); got != "" {
		t.Errorf("TurnStub of no rounds = %q, want \"\"", got)
	}
}

func TestClip(t *testing.T) {
	tests := []struct {
		in    string
		limit int
		want  string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "ab…"},
		{"日本語x", 3, "日本…"},
		{"😀😀😀", 3, "😀😀😀"},
		{"😀😀😀😀", 3, "😀😀…"},
	}
	for _, tt := range tests {
		if got := clip(tt.in, tt.limit); got != tt.want {
			t.Errorf("clip(%q, %d) = %q, want %q", tt.in, tt.limit, got, tt.want)
		}
	}
}
