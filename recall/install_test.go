package recall

import (
	"context"
	"errors"
	"testing"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/store"
)

// TestInstallLazy: the store opens at the first recall form, not before,
// once; a failed open is that form's error and the next form retries.
func TestInstallLazy(t *testing.T) {
	st := openSQLite(t)
	loadFixture(t, st)
	opens := 0
	fail := true
	it := interp.New(interp.Options{})
	InstallLazy(it, func(ctx context.Context) (store.Store, error) {
		opens++
		if fail {
			return nil, errors.New("no such file")
		}
		return st, nil
	}, "s1")
	im := &image{it: it, st: st}
	im.eval(t, `(+ 1 2)`)
	if opens != 0 {
		t.Fatalf("a cell without recall opened the store")
	}
	if c := im.fails(t, `(recall-search "deploy")`); c.Message != "recall-search: open store: no such file" {
		t.Errorf("failed open: %q", c.Message)
	}
	fail = false
	im.cases(t, [][2]string{
		{`(length (recall-log))`, `14`},
		{`(length (recall-search "deploy"))`, `10`},
		{`(getf (recall-entry 1) :kind)`, `"input"`},
	})
	if opens != 2 {
		t.Errorf("opened %d times, want 2 (a failure, then once)", opens)
	}
}
