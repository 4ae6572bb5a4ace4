package recall

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
)

func TestArgumentErrors(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s1")
		cases := []struct {
			src, msg string
			class    *lisp.Symbol
		}{
			{`(recall-log :limit -3)`, `recall-log: :limit must be a positive integer, got -3`, lisp.ClassTypeError},
			{`(recall-log :limit 0)`, `recall-log: :limit must be a positive integer, got 0`, lisp.ClassTypeError},
			{`(recall-log :limit "5")`, `recall-log: :limit must be a positive integer, got "5"`, lisp.ClassTypeError},
			{`(recall-log :limit 2.5)`, `recall-log: :limit must be a positive integer, got 2.5`, lisp.ClassTypeError},
			{`(recall-log :clip 0)`, `recall-log: :clip must be a positive integer, got 0`, lisp.ClassTypeError},
			{`(recall-log :clip -1)`, `recall-log: :clip must be a positive integer, got -1`, lisp.ClassTypeError},
			{`(recall-log :before 0)`, `recall-log: :before must be a positive integer, got 0`, lisp.ClassTypeError},
			{`(recall-log :before "9")`, `recall-log: :before must be a positive integer, got "9"`, lisp.ClassTypeError},
			{`(recall-log :after -1)`, `recall-log: :after must be a non-negative integer, got -1`, lisp.ClassTypeError},
			{`(recall-log :before 5 :after 9)`, `recall-log: :before 5 must be greater than :after 9`, lisp.ClassSimpleError},
			{`(recall-log :before 5 :after 5)`, `recall-log: :before 5 must be greater than :after 5`, lisp.ClassSimpleError},
			{`(recall-log :match 5)`, `recall-log: :match must be a string, got 5`, lisp.ClassTypeError},
			{`(recall-log :match 'deploy)`, `recall-log: :match must be a string, got deploy`, lisp.ClassTypeError},
			{`(recall-log :session-id 's1)`, `recall-log: :session-id must be a string, got s1`, lisp.ClassTypeError},
			{`(recall-log :session-id "nope")`, `recall-log: no session "nope"`, lisp.ClassSimpleError},
			{`(recall-log :session-id "")`, `recall-log: no session ""`, lisp.ClassSimpleError},
			{`(recall-log :foo 1)`, `recall-log: unknown keyword :foo: it takes :match, :kinds, :before, :after, :limit, :clip, :session-id, :echoes, :since and :until`, lisp.ClassProgramError},
			{`(recall-log :lead 1)`, `recall-log: unknown keyword :lead: it takes :match, :kinds, :before, :after, :limit, :clip, :session-id, :echoes, :since and :until`, lisp.ClassProgramError},
			{`(recall-log :limit)`, `recall-log: keyword :limit has no value`, lisp.ClassProgramError},
			{`(recall-log 5 6)`, `recall-log: expected a keyword, got 5`, lisp.ClassProgramError},
			{`(recall-log "deploy")`, `recall-log: expected a keyword, got "deploy"`, lisp.ClassProgramError},
			{`(recall-log :kinds 5)`, `recall-log: :kinds must be a kind (a string or keyword) or a list of kinds, got 5`, lisp.ClassTypeError},
			{`(recall-log :kinds "")`, `recall-log: :kinds must be a kind (a string or keyword) or a list of kinds, got ""`, lisp.ClassTypeError},
			{`(recall-log :kinds 'input)`, `recall-log: :kinds must be a kind (a string or keyword) or a list of kinds, got input`, lisp.ClassTypeError},
			{`(recall-log :kinds '(:input 7))`, `recall-log: :kinds must be a kind (a string or keyword) or a list of kinds, got 7`, lisp.ClassTypeError},
			{`(recall-log :kinds '(:input ("tool call")))`, `recall-log: :kinds must be a kind (a string or keyword) or a list of kinds, got ("tool call")`, lisp.ClassTypeError},
			{`(recall-log :kinds '(:input . :output))`, `recall-log: :kinds must be a kind (a string or keyword) or a list of kinds, got :output`, lisp.ClassTypeError},
			{`(let ((c (list :input :tool-call))) (setf (cdr (last c)) c) (recall-log :kinds c))`, `recall-log: the list is circular`, lisp.ClassSimpleError},

			{`(recall-entry "4")`, `recall-entry: seq must be an integer, got "4"`, lisp.ClassTypeError},
			{`(recall-entry nil)`, `recall-entry: seq must be an integer, got nil`, lisp.ClassTypeError},
			{`(recall-entry 4 :session-id "nope")`, `recall-entry: no session "nope"`, lisp.ClassSimpleError},
			{`(recall-entry 4 :session-id 7)`, `recall-entry: :session-id must be a string, got 7`, lisp.ClassTypeError},
			{`(recall-entry 4 :limit 1)`, `recall-entry: unknown keyword :limit: it takes :session-id`, lisp.ClassProgramError},
			{`(recall-entry 4 :session-id)`, `recall-entry: keyword :session-id has no value`, lisp.ClassProgramError},

			{`(recall-search "")`, `recall-search: empty query`, lisp.ClassSimpleError},
			{`(recall-search "    ")`, `recall-search: empty query`, lisp.ClassSimpleError},
			{`(recall-search nil)`, `recall-search: query must be a string, got nil`, lisp.ClassTypeError},
			{`(recall-search 'deploy)`, `recall-search: query must be a string, got deploy`, lisp.ClassTypeError},
			{`(recall-search "deploy" :limit -3)`, `recall-search: :limit must be a positive integer, got -3`, lisp.ClassTypeError},
			{`(recall-search "deploy" :window 0)`, `recall-search: :window must be a positive integer, got 0`, lisp.ClassTypeError},
			{`(recall-search "deploy" :lead -1)`, `recall-search: :lead must be a non-negative integer, got -1`, lisp.ClassTypeError},
			{`(recall-search "deploy" :lead "2")`, `recall-search: :lead must be a non-negative integer, got "2"`, lisp.ClassTypeError},
			{`(recall-search "deploy" :kinds 5)`, `recall-search: :kinds must be a kind (a string or keyword) or a list of kinds, got 5`, lisp.ClassTypeError},
			{`(recall-search "deploy" :session-id "s1")`, `recall-search: unknown keyword :session-id: it takes :kinds, :limit, :window, :lead, :echoes, :rank, :since and :until`, lisp.ClassProgramError},
			{`(recall-search "deploy" :match "x")`, `recall-search: unknown keyword :match: it takes :kinds, :limit, :window, :lead, :echoes, :rank, :since and :until`, lisp.ClassProgramError},
			// Arguments are checked before the query, so a bad keyword
			// wins over an empty query.
			{`(recall-search "" :limit 0)`, `recall-search: :limit must be a positive integer, got 0`, lisp.ClassTypeError},
		}
		for _, c := range cases {
			got := im.fails(t, c.src)
			if got.Message != c.msg || got.Class != c.class {
				t.Errorf("%s\n got: %s %q\nwant: %s %q", c.src, got.Class.Name, got.Message, c.class.Name, c.msg)
			}
			// Every one is an error handler-case catches.
			caught := im.eval(t, `(handler-case `+c.src+` (error (e) (princ-to-string e)))`)
			if want := lisp.Prin1ToString(lisp.NewString(c.msg)); caught != want {
				t.Errorf("handler-case of %s: got %s, want %s", c.src, caught, want)
			}
		}
		// Arity is the evaluator's to check.
		if c := im.fails(t, `(recall-entry)`); !strings.Contains(c.Message, "recall-entry") {
			t.Errorf("(recall-entry): %q does not name the form", c.Message)
		}
		if c := im.fails(t, `(recall-search)`); !strings.Contains(c.Message, "recall-search") {
			t.Errorf("(recall-search): %q does not name the form", c.Message)
		}
	})
}

func TestNoCurrentSession(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		loadFixture(t, st)
		im := newImage(st, "")
		for src, msg := range map[string]string{
			`(recall-log)`:     `recall-log: no current session; give :session-id`,
			`(recall-entry 1)`: `recall-entry: no current session; give :session-id`,
		} {
			if c := im.fails(t, src); c.Message != msg {
				t.Errorf("%s: got %q, want %q", src, c.Message, msg)
			}
		}
		im.cases(t, [][2]string{
			{`(length (recall-log :session-id "s3"))`, `4`},
			{`(getf (recall-entry 1 :session-id "s3") :body)`, `"deploy the docs site"`},
			{`(length (recall-search "deploy"))`, `10`},
		})
		// An installed session that does not exist reads as one given.
		if c := newImage(st, "gone").fails(t, `(recall-log)`); c.Message != `recall-log: no session "gone"` {
			t.Errorf("missing installed session: %q", c.Message)
		}
	})
}

// failing is a store whose reads fail, or block until the cell is
// cancelled.
type failing struct {
	store.Store
	block bool
}

var errDisk = errors.New("disk on fire")

func (f failing) fail(ctx context.Context) error {
	if f.block {
		<-ctx.Done()
		return ctx.Err()
	}
	return errDisk
}

func (f failing) Scan(ctx context.Context, q store.Query) (store.ScanResult, error) {
	return store.ScanResult{}, f.fail(ctx)
}

func (f failing) Event(ctx context.Context, session string, seq int64) (store.Event, error) {
	return store.Event{}, f.fail(ctx)
}

func (f failing) Search(ctx context.Context, q store.SearchQuery) ([]store.Hit, error) {
	return nil, f.fail(ctx)
}

func TestStoreErrors(t *testing.T) {
	im := newImage(failing{}, "s1")
	for src, msg := range map[string]string{
		`(recall-log)`:                      `recall-log: disk on fire`,
		`(recall-entry 3)`:                  `recall-entry: disk on fire`,
		`(recall-search "a b")`:             `recall-search: disk on fire`,
		`(recall-log :limit 1)`:             `recall-log: disk on fire`,
		`(recall-search "x")`:               `recall-search: disk on fire`,
		`(recall-entry 3 :session-id "s2")`: `recall-entry: disk on fire`,
	} {
		c := im.fails(t, src)
		if c.Message != msg || !lisp.SubclassOf(c.Class, lisp.ClassError) {
			t.Errorf("%s: got %s %q, want an error %q", src, c.Class.Name, c.Message, msg)
		}
	}
}

// TestCancel: a query blocked in the store ends with the cell's context,
// as the evaluator's own cancellation does, and handler-case on error
// does not swallow it.
func TestCancel(t *testing.T) {
	im := newImage(failing{block: true}, "s1")
	for _, src := range []string{
		`(recall-log)`,
		`(handler-case (recall-entry 3) (error () :caught))`,
		`(ignore-errors (recall-search "deploy"))`,
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		_, err := im.it.Eval(ctx, src)
		cancel()
		var c *lisp.Condition
		if !errors.As(err, &c) || c.Class != lisp.ClassLimit || !strings.Contains(c.Message, "cancelled") {
			t.Errorf("%s: got %v, want the cancellation", src, err)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: took %v to end", src, d)
		}
	}
}

// TestDescribe: each builtin carries its lambda list and a one-line doc.
func TestDescribe(t *testing.T) {
	im := newImage(failing{}, "s1")
	for name, args := range map[string]string{
		"RECALL-LOG":    "(&key match kinds before after limit clip session-id echoes)",
		"RECALL-ENTRY":  "(seq &key session-id)",
		"RECALL-SEARCH": "(query &key kinds limit window lead echoes rank)",
	} {
		info := im.it.Evaluator().Describe(lisp.Intern(name))
		if info.Kind != "function" || info.Args != args || info.Doc == "" || strings.Contains(info.Doc, "\n") {
			t.Errorf("describe %s: %+v", name, info)
		}
	}
	im.cases(t, [][2]string{
		{`(not (null (search "newest first" (documentation 'recall-search 'function))))`, `t`},
	})
}
