package recall

import (
	"context"
	"errors"
	"testing"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
)

// image is an interpreter with recall installed for one session.
type image struct {
	it *interp.Interpreter
	st store.Store
}

func newImage(st store.Store, session string) *image {
	it := interp.New(interp.Options{})
	Install(it, st, session)
	return &image{it: it, st: st}
}

// fixtureImage is the fixture in st, read as session.
func fixtureImage(t *testing.T, st store.Store, session string) *image {
	t.Helper()
	loadFixture(t, st)
	return newImage(st, session)
}

// eval returns what src's last form prints as under prin1.
func (im *image) eval(t *testing.T, src string) string {
	t.Helper()
	r, err := im.it.Eval(context.Background(), src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return r.Printed
}

// fails returns the condition src signals.
func (im *image) fails(t *testing.T, src string) *lisp.Condition {
	t.Helper()
	_, err := im.it.Eval(context.Background(), src)
	var c *lisp.Condition
	if !errors.As(err, &c) {
		t.Fatalf("%s: got %v, want a Lisp error", src, err)
	}
	return c
}

// cases checks each Lisp form against what it must print.
func (im *image) cases(t *testing.T, cases [][2]string) {
	t.Helper()
	for _, c := range cases {
		if got := im.eval(t, c[0]); got != c[1] {
			t.Errorf("%s\n got: %s\nwant: %s", c[0], got, c[1])
		}
	}
}
