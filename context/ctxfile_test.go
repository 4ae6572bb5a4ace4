package ctxfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/internal/golden"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// sample is an export with every kind of message, and text lines that need
// the escape.
func sample() *Export {
	return &Export{
		Nonce: "a1b2c3d4", Store: "st1", Session: "s1", Head: 40,
		Messages: []Message{
			{ID: "system", Role: "system", Text: "be brief"},
			{ID: "stub", Role: "system", Text: "[history evicted: seq 1–9 · 2 turns · recall: (recall-log :match \"text\" :before 10)]"},
			{ID: "10", Role: "user", Text: "fix the deploy script"},
			{ID: "11", Role: "assistant", Text: ";; look first\n(read-file \"deploy.sh\")"},
			{ID: "12", Role: "tool", Text: "[[not a header]]\n\\n escaped\n[seq 12]"},
			{ID: "note-30-0", Role: "assistant", Text: "the script is fine"},
			{ID: "40", Role: "user", Text: "now ship it\n"},
		},
		Removed: []Message{{ID: "20", Role: "assistant"}, {ID: "21", Role: "tool"}},
	}
}

// checkGolden compares got with testdata/context/NAME (-update rewrites it).
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden.Check(t, filepath.Join("..", "testdata", "context", name), string(got))
}

func TestFormat(t *testing.T) {
	data := Format(sample())
	checkGolden(t, "export.txt", data)
	first := strings.SplitN(string(data), "\n", 2)[0]
	if want := ";; context a1b2c3d4 · store st1 · session s1 · head seq 40 · 7 messages"; first != want {
		t.Errorf("first line %q, want %q", first, want)
	}
	if !strings.HasSuffix(string(data), "\n;; removed: 20 21\n") {
		t.Errorf("last line: %q", data)
	}
}

func TestParseRoundTrip(t *testing.T) {
	e := sample()
	f, r := Parse(Format(e))
	if r != nil {
		t.Fatal(r)
	}
	var got []Message
	for _, b := range f.Blocks {
		got = append(got, Message{ID: b.ID, Role: b.Role, Text: b.Text})
	}
	if diff := cmp.Diff(e.Messages, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"20", "21"}, f.Removed); diff != "" {
		t.Errorf("removed (-want +got):\n%s", diff)
	}
}

func TestUnchangedFileKeepsEverything(t *testing.T) {
	e := sample()
	ed, r := Compare(e, Format(e), CompareOptions{})
	if r != nil {
		t.Fatal(r)
	}
	if ed.Changed() || len(ed.Kept) != len(e.Messages) {
		t.Errorf("unchanged file: %+v", ed)
	}
}

// edit applies replacements to the sample's file.
func edit(pairs ...string) []byte {
	return []byte(strings.NewReplacer(pairs...).Replace(string(Format(sample()))))
}

func TestEdits(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want Edit
	}{
		{"delete", edit("[[m:a1b2c3d4 11 assistant]]\n;; look first\n(read-file \"deploy.sh\")\n", ""),
			Edit{Deleted: []string{"11"}}},
		{"rewrite", edit("fix the deploy script", "fix deploy.sh"),
			Edit{Rewritten: []Rewrite{{"10", "fix deploy.sh"}}}},
		{"note", edit("[[m:a1b2c3d4 note-30-0", "[[note]]\nchecked: the script is fine\n[[m:a1b2c3d4 note-30-0"),
			Edit{Notes: []Note{{Text: "checked: the script is fine", After: "12", Line: 15}}}},
		{"note at the top passes the stub", edit("[[m:a1b2c3d4 10 user]]", "[[note]]\nfirst\n[[m:a1b2c3d4 10 user]]"),
			Edit{Notes: []Note{{Text: "first", After: "", Line: 6}}}},
		{"restore", edit(";; removed:", "[[m:a1b2c3d4 20 assistant]]\n;; removed:"),
			Edit{Restored: []Restore{{ID: "20", Role: "assistant", Line: 20}}}},
		{"restore with text", edit(";; removed:", "[[m:a1b2c3d4 21 tool]]\nnew\n;; removed:"),
			Edit{Restored: []Restore{{ID: "21", Role: "tool", Text: "new", Line: 20}}}},
		{"empty note", edit(";; removed:", "[[note]]\n  \n;; removed:"),
			Edit{EmptyNotes: []int{20}}},
		{"removed line edited", edit(";; removed: 20 21", ";; removed:"), Edit{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ed, r := Compare(sample(), tt.data, CompareOptions{})
			if r != nil {
				t.Fatalf("refused: %v\n%s", r, tt.data)
			}
			ed.Kept = nil
			if diff := cmp.Diff(&tt.want, ed, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("edit (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRefusals(t *testing.T) {
	tests := []struct {
		name   string
		data   []byte
		reason Reason
		line   int
	}{
		{"first line", edit("head seq 40", "head seq 41"), ReasonFirstLine, 1},
		{"empty file", nil, ReasonFirstLine, 1},
		{"unknown id", edit("[[m:a1b2c3d4 40 user]]", "[[m:a1b2c3d4 99 user]]"), ReasonUnknownID, 17},
		{"role mismatch", edit("[[m:a1b2c3d4 40 user]]", "[[m:a1b2c3d4 40 assistant]]"), ReasonRole, 17},
		{"restore role mismatch", edit(";; removed:", "[[m:a1b2c3d4 20 tool]]\n;; removed:"), ReasonRole, 20},
		{"malformed header", edit("[[m:a1b2c3d4 40 user]]", "[[m:a1b2c3d4 40]]"), ReasonMalformed, 17},
		{"unescaped brackets", edit(`\[[not a header]]`, "[[not a header]]"), ReasonMalformed, 12},
		{"bad id", edit("[[m:a1b2c3d4 40 user]]", "[[m:a1b2c3d4 x40 user]]"), ReasonMalformed, 17},
		{"other export", edit("[[m:a1b2c3d4 40 user]]", "[[m:ffffffff 40 user]]"), ReasonMalformed, 17},
		{"twice", edit("[[m:a1b2c3d4 40 user]]", "[[m:a1b2c3d4 10 user]]"), ReasonMalformed, 17},
		{"text before blocks", edit("[[m:a1b2c3d4 system system]]", "stray\n[[m:a1b2c3d4 system system]]"), ReasonMalformed, 2},
		{"stub rewritten", edit("2 turns", "3 turns"), ReasonNotEditable, 4},
		{"system deleted", edit("[[m:a1b2c3d4 system system]]\nbe brief\n", ""), ReasonNotEditable, 0},
		{"system rewritten", edit("be brief", "be long"), ReasonNotEditable, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ed, r := Compare(sample(), tt.data, CompareOptions{})
			if r == nil {
				t.Fatalf("taken: %+v", ed)
			}
			if r.Reason != tt.reason || r.Line != tt.line {
				t.Errorf("refusal %v (line %d), want %s (line %d)", r, r.Line, tt.reason, tt.line)
			}
			rc := (&Receipt{Nonce: "a1b2c3d4", Refused: r}).Text()
			if !strings.Contains(rc, "refused: "+string(tt.reason)) {
				t.Errorf("receipt %q", rc)
			}
		})
	}
}

func TestEvictedRestoreIsLeftOut(t *testing.T) {
	data := edit(";; removed:", "[[m:a1b2c3d4 20 assistant]]\n[[m:a1b2c3d4 5 user]]\n;; removed:")
	ed, r := Compare(sample(), data, CompareOptions{Evicted: func(id string) bool { return id == "5" || id == "20" }})
	if r != nil {
		t.Fatal(r)
	}
	if diff := cmp.Diff([]string{"20", "5"}, ed.Evicted); diff != "" || len(ed.Restored) != 0 {
		t.Errorf("evicted (-want +got):\n%s restored %v", diff, ed.Restored)
	}
}

func TestEditedMark(t *testing.T) {
	text := "new\n" + EditedMark("57")
	if got := StripEditedMark(text, "57"); got != "new" {
		t.Errorf("StripEditedMark = %q", got)
	}
	if EditedMark("57") != "[edited · original: (recall-entry 57)]" {
		t.Errorf("EditedMark = %q", EditedMark("57"))
	}
}

func TestReceiptText(t *testing.T) {
	rc := &Receipt{Nonce: "a1b2c3d4", EditSeq: 88, Kept: []string{"10", "11"}, Dropped: []string{"12"},
		Rewritten: []string{"40"}, Noted: []string{"note-88-0"}, Restored: []string{"20", "21"},
		Remarks: []string{"not restored: 5 was evicted"}}
	checkGolden(t, "receipt.txt", []byte(rc.Text()))
}

// FuzzParse feeds arbitrary edited files to the reader: it never panics,
// and an edit is always taken or refused with a reason, so a receipt can
// always be written.
func FuzzParse(f *testing.F) {
	f.Add(Format(sample()))
	f.Add(edit("[[m:a1b2c3d4 40 user]]", "[[note]]"))
	f.Add([]byte(""))
	f.Add([]byte("\n\n[[m:"))
	for _, name := range []string{"export.txt", "edited.txt"} {
		if data, err := os.ReadFile(filepath.Join("..", "testdata", "context", name)); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = Parse(data)
		ed, r := Compare(sample(), data, CompareOptions{Evicted: func(id string) bool { return id == "5" }})
		if (ed == nil) == (r == nil) {
			t.Fatalf("edit %v and refusal %v", ed, r)
		}
		rc := &Receipt{Nonce: "a1b2c3d4", Refused: r}
		if ed != nil {
			rc.Kept = ed.Kept
		}
		if rc.Text() == "" {
			t.Fatal("empty receipt")
		}
	})
}

// TestEditedExample reads the example of docs/context.md: every kind of
// edit at once.
func TestEditedExample(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "context", "edited.txt"))
	if err != nil {
		t.Fatal(err)
	}
	ed, r := Compare(sample(), data, CompareOptions{})
	if r != nil {
		t.Fatal(r)
	}
	want := &Edit{
		Kept:      []string{"system", "stub", "note-30-0", "40"},
		Deleted:   []string{"11", "12"},
		Rewritten: []Rewrite{{"10", "fix deploy.sh"}},
		Notes:     []Note{{Text: "read deploy.sh: it was fine; the fault is in the CI config", After: "10", Line: 8}},
		Restored:  []Restore{{ID: "20", Role: "assistant", Line: 15}},
	}
	if diff := cmp.Diff(want, ed, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("edit (-want +got):\n%s", diff)
	}
}
