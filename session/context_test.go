package session_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/event"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// cx is one context test: a session with a home of its own and three
// turns — t1 with a noted cell, t2 with an answer and a definition, and
// t3, the running turn.
type cx struct {
	t          *testing.T
	ctx        context.Context
	st         store.Store
	s          *session.Session
	home       string
	t1, t2, t3 int64
	c1, r1     int64 // t1's cell
	a2, c2, r2 int64 // t2's answer and cell
}

func newCx(t *testing.T, st store.Store) *cx {
	home := t.TempDir()
	c := &cx{t: t, ctx: context.Background(), st: st, home: home}
	c.s = must[*session.Session](t)(session.Open(c.ctx, st, session.Options{Title: "cx", System: "be brief", BudgetEnv: &evict.Env{}, Home: home}))
	c.t1 = c.input("one")
	c.c1, c.r1 = c.eval(";; first cell\n(+ 1 1)")
	c.send()
	c.t2 = c.input("two")
	c.a2 = must[int64](t)(c.s.Answer(c.ctx, "defining f"))
	c.c2, c.r2 = c.eval("(defun f () 1)")
	c.send()
	c.t3 = c.input("three")
	c.send()
	return c
}

func (c *cx) input(text string) int64 {
	c.t.Helper()
	return must[int64](c.t)(c.s.Input(c.ctx, text))
}

func (c *cx) eval(code string) (call, result int64) {
	c.t.Helper()
	r := must[session.CellResult](c.t)(c.s.Eval(c.ctx, code, session.TurnOptions{}))
	if r.Error {
		c.t.Fatalf("%s: %s", code, r.Text)
	}
	return r.CallSeq, r.ResultSeq
}

// lisp evaluates code as a cell and returns its printed value.
func (c *cx) lisp(code string) string {
	c.t.Helper()
	r := must[session.CellResult](c.t)(c.s.Eval(c.ctx, code, session.TurnOptions{}))
	return r.Text
}

func (c *cx) send() *session.Window {
	c.t.Helper()
	return must[*session.Window](c.t)(c.s.Window(c.ctx, session.WindowOptions{Send: true}))
}

func (c *cx) look() *session.Window {
	c.t.Helper()
	return must[*session.Window](c.t)(c.s.Window(c.ctx, session.WindowOptions{}))
}

// export writes the context file and returns its text and nonce.
func (c *cx) export() (string, string) {
	c.t.Helper()
	path := must[string](c.t)(c.s.ExportContext(c.ctx))
	data, err := os.ReadFile(path)
	if err != nil {
		c.t.Fatal(err)
	}
	m := regexp.MustCompile(`^;; context ([0-9a-f]+) · `).FindStringSubmatch(string(data))
	if m == nil {
		c.t.Fatalf("first line: %q", data)
	}
	return string(data), m[1]
}

func (c *cx) path() string {
	return filepath.Join(c.home, "context", c.st.ID(), c.s.ID(), "context.txt")
}

func (c *cx) write(text string) {
	c.t.Helper()
	if err := os.WriteFile(c.path(), []byte(text), 0o644); err != nil {
		c.t.Fatal(err)
	}
}

// replace edits the context file, failing when old is not in it.
func (c *cx) replace(text, old, new string) string {
	c.t.Helper()
	if !strings.Contains(text, old) {
		c.t.Fatalf("%q not in the file:\n%s", old, text)
	}
	out := strings.Replace(text, old, new, 1)
	c.write(out)
	return out
}

func (c *cx) receipt() string {
	data, err := os.ReadFile(filepath.Join(c.home, "context", c.st.ID(), c.s.ID(), "context.receipt.txt"))
	if err != nil {
		return ""
	}
	return string(data)
}

func (c *cx) edits() []store.Event {
	c.t.Helper()
	r := must[store.ScanResult](c.t)(c.st.Scan(c.ctx, store.Query{Session: c.s.ID(), Kinds: []string{event.KindContextEdit}}))
	return r.Events
}

func header(nonce string, id int64, role string) string {
	return "[[m:" + nonce + " " + itoa(id) + " " + role + "]]\n"
}

func ids(w *session.Window) []string {
	var out []string
	for _, m := range w.Messages {
		out = append(out, m.ID)
	}
	return out
}

func wantIDs(t *testing.T, w *session.Window, want ...string) {
	t.Helper()
	if diff := cmp.Diff(want, ids(w)); diff != "" {
		t.Errorf("window ids (-want +got):\n%s", diff)
	}
}

func wantReceipt(t *testing.T, receipt string, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if !strings.Contains(receipt, l) {
			t.Errorf("receipt lacks %q:\n%s", l, receipt)
		}
	}
}

func (c *cx) all() []string {
	return []string{"system", itoa(c.t1), itoa(c.c1), itoa(c.r1), itoa(c.t2), itoa(c.a2), itoa(c.c2), itoa(c.r2), itoa(c.t3)}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestContextExport(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newCx(t, st)
		path := c.lisp("(context)")
		if want := `"` + c.path() + `"`; path != want {
			t.Errorf("(context) = %s, want %s", path, want)
		}
		data, err := os.ReadFile(c.path())
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		first := regexp.MustCompile(`^;; context [0-9a-f]{8} · store ` + regexp.QuoteMeta(st.ID()) + ` · session ` +
			regexp.QuoteMeta(c.s.ID()) + ` · head seq ` + itoa(c.t3) + ` · 10 messages\n`)
		if !first.MatchString(text) {
			t.Errorf("first line: %q", strings.SplitN(text, "\n", 2)[0])
		}
		nonce := regexp.MustCompile(`context ([0-9a-f]+)`).FindStringSubmatch(text)[1]
		for _, want := range []string{
			"[[m:" + nonce + " system system]]\nbe brief\n",
			header(nonce, c.t1, "user") + "one\n",
			header(nonce, c.c1, "assistant") + ";; first cell\n(+ 1 1)\n",
			header(nonce, c.r1, "tool") + "2\n[seq " + itoa(c.r1) + "]\n",
			header(nonce, c.a2, "assistant") + "defining f\n",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("file lacks %q:\n%s", want, text)
			}
		}
		if !strings.HasSuffix(text, "\n;; removed:\n") {
			t.Errorf("last line: %q", text)
		}
		// A second export has a new nonce.
		_, again := c.export()
		if again == nonce {
			t.Errorf("two exports share nonce %s", nonce)
		}
	})
}

func TestContextRewriteAndPrefixStability(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newCx(t, st)
		before := c.look()
		text, _ := c.export()
		c.replace(text, "\ntwo\n", "\ntwo, said shorter\n")
		w := c.send()
		wantReceipt(t, receiptOf(w), "rewritten: "+itoa(c.t2), "kept: 8 messages")
		var got session.Message
		i := 0
		for i = range w.Messages {
			if w.Messages[i].ID == itoa(c.t2) {
				got = w.Messages[i]
				break
			}
		}
		if want := "two, said shorter\n[edited · original: (recall-entry " + itoa(c.t2) + ")]"; got.Text != want || got.Seq != c.t2 {
			t.Errorf("rewritten message %+v, want text %q", got, want)
		}
		// Everything before the first changed message is byte-identical.
		for j := 0; j < i; j++ {
			if before.Messages[j].Text != w.Messages[j].Text || before.Messages[j].ID != w.Messages[j].ID {
				t.Errorf("message %d changed: %q → %q", j, before.Messages[j].Text, w.Messages[j].Text)
			}
		}
		// Rewriting it again does not stack the marks.
		text, _ = c.export()
		c.replace(text, "two, said shorter", "two again")
		w = c.send()
		for _, m := range w.Messages {
			if m.ID == itoa(c.t2) && strings.Count(m.Text, "[edited") != 1 {
				t.Errorf("marks stacked: %q", m.Text)
			}
		}
	})
}

func TestContextStale(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newCx(t, st)
		text, _ := c.export()
		text = c.replace(text, "\none\n", "\nONE\n")
		c.send()
		// Editing the file again after its edit was taken: stale.
		c.replace(text, "\ntwo\n", "\nTWO\n")
		w := c.send()
		wantReceipt(t, receiptOf(w), ";; receipt · the edited context file · refused", "refused: stale")
		if len(c.edits()) != 1 {
			t.Errorf("edits: %d", len(c.edits()))
		}
		// A call and a file edit both pending: the call wins.
		text, _ = c.export()
		c.lisp("(context :drop " + itoa(c.a2) + ")")
		c.replace(text, "\ntwo\n", "\nTWO\n")
		w = c.send()
		wantReceipt(t, receiptOf(w), "the (context …) call · taken", "dropped: "+itoa(c.a2), "refused: the edited file of context", "stale")
		for _, m := range w.Messages {
			if m.ID == itoa(c.t2) && strings.Contains(m.Text, "TWO") {
				t.Errorf("the stale file was taken: %q", m.Text)
			}
		}
	})
}

func TestContextCallDropTKeep(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newCx(t, st)
		got := c.lisp("(context :drop t :keep " + itoa(c.r2) + " :note \"kept f; the rest is in the log\")")
		want := "(:drop (" + strings.Join([]string{itoa(c.t1), itoa(c.c1), itoa(c.r1), itoa(c.t2), itoa(c.a2)}, " ") +
			") :keep (" + itoa(c.r2) + ") :note \"kept f; the rest is in the log\" :taken-at :next-request)"
		if got != want {
			t.Errorf("plist\n got %s\nwant %s", got, want)
		}
		w := c.send()
		note := "note-" + itoa(c.edits()[0].Seq) + "-0"
		// The note stands after the last finished turn, before the running
		// turn: the window does not end with the agent's words.
		call, result := c.t3+2, c.t3+3 // after t3's request
		wantIDs(t, w, "system", itoa(c.c2), itoa(c.r2), note, itoa(c.t3), itoa(call), itoa(result))
		wantReceipt(t, receiptOf(w), "taken as context edit seq", "noted: "+note)
	})
}

func TestContextCallSpans(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newCx(t, st)
		// A dotted pair from the reader; the span takes the pair whose
		// result lies in it.
		got := c.lisp("(context :drop '(" + itoa(c.r1) + " . " + itoa(c.a2) + "))")
		want := "(:drop (" + itoa(c.c1) + " " + itoa(c.r1) + " " + itoa(c.t2) + " " + itoa(c.a2) + ") :keep nil :note nil :taken-at :next-request)"
		if got != want {
			t.Errorf("plist\n got %s\nwant %s", got, want)
		}
		// A list of a span and a seq, and a seq named twice.
		got = c.lisp("(context :drop (list (cons " + itoa(c.t1) + " " + itoa(c.t1) + ") " + itoa(c.c2) + "))")
		if !strings.HasPrefix(got, "(:drop ("+itoa(c.t1)+" "+itoa(c.c2)+" "+itoa(c.r2)+")") {
			t.Errorf("plist %s", got)
		}
		w := c.send()
		wantIDs(t, w, "system", itoa(c.t3), itoa(c.t3+2), itoa(c.t3+3), itoa(c.t3+4), itoa(c.t3+5))
		for _, bad := range []string{
			"(context :drop 999)", "(context :drop \"stub\")", "(context :drop 'x)", "(context :bogus 1)",
			"(context :drop)", "(context :note 5)", "(context :drop '(9 . 3))",
		} {
			if r := must[session.CellResult](t)(c.s.Eval(c.ctx, bad, session.TurnOptions{})); !r.Error || !strings.Contains(r.Text, "context") {
				t.Errorf("%s: %q", bad, r.Text)
			}
		}
	})
}

func TestContextEvictedMessages(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newCx(t, st)
		// Drop t1's answer-less cell and note t1, then evict t1.
		text, nonce := c.export()
		text = c.replace(text, header(nonce, c.c1, "assistant")+";; first cell\n(+ 1 1)\n", "")
		c.replace(text, header(nonce, c.t2, "user"), "[[note]]\nt1 only added numbers\n"+header(nonce, c.t2, "user"))
		w := c.send()
		edit := c.edits()[0].Seq
		wantIDs(t, w, "system", itoa(c.t1), "note-"+itoa(edit)+"-0", itoa(c.t2), itoa(c.a2), itoa(c.c2), itoa(c.r2), itoa(c.t3))
		text, nonce = c.export()
		res := must[session.EvictResult](t)(c.s.Evict(c.ctx, "through "+itoa(c.t1)))
		if res.Boundary != c.t1 || len(res.Turns) != 1 {
			t.Errorf("evict: %+v", res)
		}
		// The stub carries the cell's note and the edit's note, N the edit's seq.
		w = c.look()
		stub := w.Messages[1]
		for _, want := range []string{" seq " + itoa(c.c1) + " · first cell", " seq " + itoa(edit) + " · t1 only added numbers"} {
			if stub.ID != "stub" || !strings.Contains(stub.Text, want) {
				t.Errorf("stub lacks %q: %q", want, stub.Text)
			}
		}
		// The export made before the eviction offers c1/r1 as removed;
		// restoring them now cannot bring them back.
		c.replace(text, ";; removed:", header(nonce, c.c1, "assistant")+";; removed:")
		w = c.send()
		wantReceipt(t, receiptOf(w), "not restored: "+itoa(c.c1)+" was evicted", "(recall-entry "+itoa(c.c1)+")")
		if contains(ids(w), itoa(c.c1)) {
			t.Errorf("an evicted message came back: %v", ids(w))
		}
	})
}

func TestContextSurvivesRestart(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newCx(t, st)
		text, nonce := c.export()
		text = c.replace(text, "\ntwo\n", "\ntwo, edited\n")
		text = c.replace(text, header(nonce, c.a2, "assistant")+"defining f\n", "")
		c.replace(text, header(nonce, c.t3, "user"), "[[note]]\nremember f\n"+header(nonce, c.t3, "user"))
		c.send()
		c.lisp("(context :note \"second note\")")
		c.send()
		before := c.look()
		again := must[*session.Session](t)(session.Resume(c.ctx, st, c.s.ID(), session.Options{System: "be brief", BudgetEnv: &evict.Env{}, Home: c.home}))
		after := must[*session.Window](t)(again.Window(c.ctx, session.WindowOptions{}))
		if diff := cmp.Diff(before, after); diff != "" {
			t.Errorf("window after restart (-before +after):\n%s", diff)
		}
		// An edit pending across a restart is taken by the resumed session.
		text, _ = c.export()
		c.replace(text, "\nthree\n", "\nthree, edited\n")
		w := must[*session.Window](t)(again.Window(c.ctx, session.WindowOptions{Send: true}))
		wantReceipt(t, receiptOf(w), "rewritten: "+itoa(c.t3))
	})
}

func TestContextEditPayload(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newCx(t, st)
		text, nonce := c.export()
		text = c.replace(text, "\none\n", "\nuno\n")
		c.replace(text, header(nonce, c.t3, "user"), "[[note]]\na <note>\n"+header(nonce, c.t3, "user"))
		c.send()
		var p map[string]any
		if err := json.Unmarshal(c.edits()[0].Payload, &p); err != nil {
			t.Fatal(err)
		}
		want := map[string]any{
			"source": "file", "nonce": nonce, "drops": nil, "restores": nil,
			"rewrites": map[string]any{itoa(c.t1): "uno"},
			"notes":    []any{map[string]any{"text": "a <note>", "turn": float64(c.t2), "after": float64(c.r2)}},
		}
		if diff := cmp.Diff(want, p); diff != "" {
			t.Errorf("payload (-want +got):\n%s", diff)
		}
		if !strings.Contains(string(c.edits()[0].Payload), "a <note>") {
			t.Errorf("payload escapes HTML: %s", c.edits()[0].Payload)
		}
	})
}

// receiptOf is the text of a window's receipt; "" when it has none.
func receiptOf(w *session.Window) string {
	if w.Receipt == nil {
		return ""
	}
	return w.Receipt.Text()
}
