package serve_test

import (
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/serve"
)

// eval's answer for a cell that fails carries the condition: its type and
// the frames as a list, calls in the earlier cell naming its seq; the
// text the window shows has them too, before its [seq N] line.
func TestEvalAnswersBacktrace(t *testing.T) {
	e := newEnv(t)
	c := startServe(t, e)
	with := func(kv ...any) obj {
		m := obj{"session": "s1"}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	var info serve.SessionInfo
	c.ok("open", obj{"id": "s1", "title": "bt", "model": "test/m", "system": "s"}, &info)
	var in serve.Seq
	c.ok("input", with("text", "go"), &in)
	var def, cell serve.Cell
	c.ok("eval", with("code", "(defun c (x) (car x))\n(defun b (x) (list (c x)))"), &def)
	c.ok("eval", with("code", "(list (b 5))"), &cell)
	cond := cell.Condition
	if !cell.Error || cond == nil || cond.Type != "type-error" || cond.Position != "1:1" || len(cond.Backtrace) != 2 {
		t.Fatalf("eval: %+v %+v", cell, cond)
	}
	if f := cond.Backtrace[0]; f.Function != "c" || f.Call != "2:20" || f.CallSeq != def.CallSeq {
		t.Errorf("innermost frame %+v, want c called at 2:20 in seq %d", f, def.CallSeq)
	}
	if f := cond.Backtrace[1]; f.Function != "b" || f.Call != "1:7" || f.CallSeq != 0 {
		t.Errorf("outer frame %+v", f)
	}
	if !strings.Contains(cell.Text, "\n  b, called at 1:7\n[seq ") {
		t.Errorf("text: %q", cell.Text)
	}
	var ok serve.Cell
	c.ok("eval", with("code", "(+ 1 2)"), &ok)
	if ok.Condition != nil {
		t.Errorf("a cell without error has a condition: %+v", ok.Condition)
	}
}
