package interp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/interp"
)

// A structure that contains itself must not take the host down when it is
// converted for Go or JSON.
func TestConvertingCircularStructureEnds(t *testing.T) {
	for _, src := range []string{
		"(let ((x (list 1 2))) (setf (cdr (cdr x)) x) x)",
		"(let ((x (list 1 2))) (setf (car x) x) x)",
		"(let ((v (vector 1 2))) (setf (aref v 0) v) v)",
	} {
		it := interp.New(interp.Options{})
		res, err := it.Eval(context.Background(), src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		_ = interp.ToJSON(res.Value)
		var anything any
		if err := interp.FromLisp(res.Value, &anything); err != nil && !strings.Contains(err.Error(), "circular") {
			t.Errorf("%s: FromLisp into any: %v", src, err)
		}
		var ints []int64
		if err := interp.FromLisp(res.Value, &ints); err == nil {
			t.Errorf("%s: FromLisp into a slice gave %v, want an error", src, ints)
		}
	}
}
