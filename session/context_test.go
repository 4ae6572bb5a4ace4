package session_test

import (
	"context"
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

func receiptOf(w *session.Window) string {
	if w.Receipt == nil {
		return ""
	}
	return w.Receipt.Text()
}
