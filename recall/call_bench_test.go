package recall

import (
	"context"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
)

// BenchmarkCall is one recall form with keywords of each kind, over the
// fixture in SQLite: the cost of a call as a cell pays it, argument
// unpacking included (docs/performance.md).
func BenchmarkCall(b *testing.B) {
	st := testdb.SQLite(b)
	loadFixture(b, st)
	im := newImage(st, "s1")
	ctx := context.Background()
	for _, src := range []string{
		`(recall-log :match "deploy" :kinds '(:input :assistant-answer) :limit 3 :clip 40 :before 14)`,
		`(recall-entry 4)`,
	} {
		b.Run(src[1:11], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := im.it.Eval(ctx, src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
