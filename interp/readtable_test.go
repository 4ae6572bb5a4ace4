package interp_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/reader"
)

// A reader macro defined in one cell reads the next cell, even one that
// does not read in the standard syntax; a cell incomplete in the standard
// syntax is still incomplete.
func TestReaderMacroReadsTheNextCell(t *testing.T) {
	it := interp.New(interp.Options{})
	ctx := context.Background()
	if _, err := it.Eval(ctx, `(set-dispatch-macro-character #\# #\{ (lambda (s c n) (declare (ignore c n)) (read-delimited-list #\} s t)))
(set-syntax-from-char #\} #\))`); err != nil {
		t.Fatal(err)
	}
	res, err := it.Eval(ctx, `(list 1 '#{a b})`)
	if err != nil {
		t.Fatalf("#{ in the next cell: %v", err)
	}
	if res.Printed != "(1 (a b))" {
		t.Errorf("got %s, want (1 (a b))", res.Printed)
	}
	cell, err := reader.ReadCell(`'(a b`)
	if err == nil || !cell.Incomplete() || it.ReadsLive(cell) {
		t.Errorf("an unterminated list: err %v, incomplete %v, read live %v", err, cell.Incomplete(), it.ReadsLive(cell))
	}
	// Read ahead in the standard syntax, #{ is malformed, not incomplete:
	// the cell runs, and reading it live, the macro function meets the
	// end of the text, a reader error naming the macro.
	_, err = it.Eval(ctx, `'#{a b`)
	var re *reader.Error
	if !errors.As(err, &re) || !strings.Contains(re.Msg, "#\\{") || !strings.Contains(re.Msg, "end of input") {
		t.Errorf("an unterminated #{: %v, want a reader error naming #{ and the end of input", err)
	}
}

// A reader macro that never returns is stopped by the cell's context, in
// read-from-string and while a cell's form is read.
func TestRunawayReaderMacroIsInterruptible(t *testing.T) {
	it := interp.New(interp.Options{})
	if _, err := it.Eval(context.Background(), `(set-macro-character #\~ (lambda (s c) (declare (ignore s c)) (loop)))`); err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{`(read-from-string "~")`, `(list '~)`} {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		start := time.Now()
		_, err := it.Eval(ctx, src)
		cancel()
		if err == nil {
			t.Errorf("%s: no error", src)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: took %v", src, d)
		}
	}
	if res, err := it.Eval(context.Background(), `(+ 1 2)`); err != nil || res.Printed != "3" {
		t.Errorf("after: %v %v", res.Printed, err)
	}
}
