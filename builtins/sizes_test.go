package builtins_test

import (
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/interp"
)

func TestHugeSequencesAreRefused(t *testing.T) {
	it := interp.New(interp.Options{})
	for _, src := range []string{"(make-array 100000000000)", "(make-list 100000000)", "(make-string 100000000000)"} {
		_, err := it.Eval(context.Background(), src)
		if err == nil || !strings.Contains(err.Error(), "too large") {
			t.Errorf("%s: got %v, want a size error", src, err)
		}
	}
}
