package recall

import (
	"testing"

	"github.com/nodelisp/nodelisp/store"
)

// seqsOf prints the seqs of a recall-log or recall-search result, with
// the header when there is one.
const seqsOf = `(defun seqs (rows) (mapcar (lambda (r) (if (getf r :matched) r (getf r :seq))) rows))`

func TestLogRows(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s1")
		im.cases(t, [][2]string{
			{`(first (recall-log))`, `(:seq 1 :at "2026-12-01T06:40:01.100001Z" :kind "input" :body "fix the deploy script")`},
			{`(third (recall-log))`, `(:seq 3 :at "2026-12-01T06:40:02.250003Z" :kind "tool result" :body "nil" :duration-ms 12)`},
			{`(second (recall-log))`, `(:seq 2 :at "2026-12-01T06:40:02.200002Z" :kind "tool call" :body ";; look first
(recall-search \"deploy\")")`},
		})
		// A tool result whose payload has no duration_ms still carries
		// the key.
		im.cases(t, [][2]string{
			{`(third (recall-log :session-id "s3"))`, `(:seq 3 :at "2026-12-01T06:45:09.000003Z" :kind "tool result" :body "built 12 pages" :duration-ms nil)`},
		})
	})
}

func TestLogDefaults(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s2")
		im.eval(t, seqsOf)
		im.cases(t, [][2]string{
			// The default kinds leave out the head move (9) and usage
			// (14); the undone turn (5–8) and the parent's events up to
			// the fork point (13) are in; s1's 15 and 16 are not.
			{`(seqs (recall-log))`, `(1 2 3 4 5 6 7 8 10 11 12 13 14 15 16 17)`},
			{`(seqs (recall-log :session-id "s1"))`, `(1 2 3 4 5 6 7 8 10 11 12 13 15 16)`},
			{`(seqs (recall-log :session-id "s3"))`, `(1 2 3 4)`},
		})
	})
}

func TestLogLimitHeaderPaging(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s2")
		im.eval(t, seqsOf)
		im.cases(t, [][2]string{
			{`(seqs (recall-log :limit 5))`, `((:matched 16 :showing 5) 13 14 15 16 17)`},
			{`(seqs (recall-log :limit 5 :before 13))`, `((:matched 11 :showing 5) 7 8 10 11 12)`},
			{`(seqs (recall-log :limit 5 :before 7))`, `((:matched 6 :showing 5) 2 3 4 5 6)`},
			{`(seqs (recall-log :limit 5 :before 2))`, `(1)`},
			{`(seqs (recall-log :limit 16))`, `(1 2 3 4 5 6 7 8 10 11 12 13 14 15 16 17)`},
			{`(seqs (recall-log :limit 15))`, `((:matched 16 :showing 15) 2 3 4 5 6 7 8 10 11 12 13 14 15 16 17)`},
			{`(seqs (recall-log :after 12 :before 16))`, `(13 14 15)`},
			{`(seqs (recall-log :after 12 :before 13))`, `nil`},
			{`(seqs (recall-log :after 0))`, `(1 2 3 4 5 6 7 8 10 11 12 13 14 15 16 17)`},
			{`(seqs (recall-log :before 3))`, `(1 2)`},
			{`(seqs (recall-log :before nil :after nil :limit nil :clip nil))`, `(1 2 3 4 5 6 7 8 10 11 12 13 14 15 16 17)`},
		})
		// Paging from the newest page to the start visits every match
		// once, in order, however the pages fall.
		walk := `(defun walk (limit &rest keys)
			(let ((before nil) (pages nil))
			  (loop
			    (let* ((rows (apply #'recall-log :limit limit :before before keys))
			           (body (if (getf (first rows) :matched) (rest rows) rows)))
			      (when (null body) (return))
			      (push (mapcar (lambda (r) (getf r :seq)) body) pages)
			      (when (eq body rows) (return))
			      (setf before (getf (first body) :seq))))
			  (apply #'append pages)))`
		im.eval(t, walk)
		for _, limit := range []string{"1", "2", "3", "7", "20"} {
			im.cases(t, [][2]string{
				{`(walk ` + limit + `)`, `(1 2 3 4 5 6 7 8 10 11 12 13 14 15 16 17)`},
				{`(walk ` + limit + ` :match "deploy")`, `(1 2 4 10 11 14 15 16)`},
			})
		}
	})
}

func TestLogMatch(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s2")
		im.eval(t, seqsOf)
		im.cases(t, [][2]string{
			// ASCII letters fold: "deploy" finds DEPLOY (4, 16).
			{`(seqs (recall-log :match "deploy"))`, `(1 2 4 10 11 14 15 16)`},
			{`(seqs (recall-log :match "DePloY" :limit 3))`, `((:matched 8 :showing 3) 14 15 16)`},
			// Other letters do not: é is not É.
			{`(seqs (recall-log :match "é"))`, `(5 6)`},
			{`(seqs (recall-log :match "É"))`, `(5 8)`},
			{`(seqs (recall-log :match "école"))`, `nil`},
			{`(seqs (recall-log :match "ÉCOLE"))`, `(5 8)`},
			{`(seqs (recall-log :match "日本語"))`, `(5 7)`},
			// LIKE over the raw payload: keys and escapes are in it.
			{`(seqs (recall-log :match "\"code\""))`, `(2 6 11 15)`},
			{`(seqs (recall-log :match "duration_ms\":2100"))`, `(16)`},
			// The raw text of (recall-search "deploy") is
			// (recall-search \"deploy\"): \" in a pattern is a literal ",
			// so it takes \\ to match the backslash.
			{`(seqs (recall-log :match "\\\"deploy\\\""))`, `nil`},
			{`(seqs (recall-log :match "\\\\\"deploy\\\\\""))`, `(2 11)`},
			// % and _ are wildcards, \ escapes them.
			{`(seqs (recall-log :match "the_window"))`, `(10 13)`},
			{`(seqs (recall-log :match "the\\_window"))`, `(10)`},
			{`(seqs (recall-log :match "100%the"))`, `(10)`},
			{`(seqs (recall-log :match "100\\%"))`, `(10)`},
			{`(seqs (recall-log :match "86\\%"))`, `nil`},
			{`(seqs (recall-log :match "fork"))`, `(14)`},
			{`(seqs (recall-log :match "after the fork"))`, `nil`},
			{`(seqs (recall-log :match "after the fork" :session-id "s1"))`, `(15)`},
			{`(seqs (recall-log :match ""))`, `(1 2 3 4 5 6 7 8 10 11 12 13 14 15 16 17)`},
			{`(seqs (recall-log :match "zzz"))`, `nil`},
			{`(seqs (recall-log :match "deploy" :after 4 :before 15))`, `(10 11 14)`},
		})
	})
}

func TestLogKinds(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s3")
		im.eval(t, seqsOf)
		im.cases(t, [][2]string{
			{`(seqs (recall-log :kinds "tool call"))`, `(2)`},
			{`(seqs (recall-log :kinds :tool-call))`, `(2)`},
			{`(seqs (recall-log :kinds '(:input "assistant answer")))`, `(1 4)`},
			{`(seqs (recall-log :kinds '(:tool-result :tool-result)))`, `(3)`},
			{`(seqs (recall-log :kinds :file-change))`, `(5)`},
			{`(seqs (recall-log :kinds '("warning" :eviction :context-edit "ceiling")))`, `(6 7 8 9)`},
			{`(seqs (recall-log :kinds t))`, `(1 2 3 4 5 6 7 8 9)`},
			{`(seqs (recall-log :kinds nil))`, `(1 2 3 4)`},
			{`(seqs (recall-log :kinds "no such kind"))`, `nil`},
			{`(recall-log :kinds t :after 4)`, `((:seq 5 :at "2026-12-01T06:51:00.000005Z" :kind "file change" :body "create docs/index.md (7 B)") ` +
				`(:seq 6 :at "2026-12-01T06:51:01.000006Z" :kind "warning" :body "context at 86% of the budget") ` +
				`(:seq 7 :at "2026-12-01T06:51:02.000007Z" :kind "eviction" :body "eviction first=1 last=3 turns=1") ` +
				`(:seq 8 :at "2026-12-01T06:51:03.000008Z" :kind "context edit" :body "context edit drop=[…] note=keep docs") ` +
				`(:seq 9 :at "2026-12-01T06:51:04.000009Z" :kind "ceiling" :body "ceiling tokens=180000"))`},
		})
		im2 := newImage(st, "s1")
		im2.eval(t, seqsOf)
		im2.cases(t, [][2]string{
			{`(seqs (recall-log :kinds '(:head-move :usage)))`, `(9 14)`},
			{`(getf (first (recall-log :kinds :head-move)) :body)`, `"head 5 → 1 (undo)"`},
			{`(seqs (recall-log :kinds :tool-result :match "\"error\":false"))`, `(3 7 12)`},
		})
	})
}

func TestLogClip(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s1")
		im.eval(t, `(defun body (seq &rest keys) (getf (first (apply #'recall-log :after (1- seq) :before (1+ seq) keys)) :body))`)
		im.cases(t, [][2]string{
			// Default clip 200: 200 characters and the mark.
			{`(length (body 6))`, `201`},
			{`(length (body 7))`, `201`},
			{`(char (body 7) 200)`, `#\HORIZONTAL_ELLIPSIS`},
			{`(string= (body 7) (concatenate 'string (subseq (getf (recall-entry 7) :body) 0 200) "…"))`, `t`},
			{`(body 7 :clip 9)`, `"Menu: naï…"`},
			{`(body 7 :clip 8)`, `"Menu: na…"`},
			{`(body 5 :clip 14)`, `"Make the menu …"`},
			{`(body 5 :clip 21)`, `"Make the menu say caf…"`},
			{`(body 5 :clip 22)`, `"Make the menu say café…"`},
			{`(body 5 :clip 51)`, `"Make the menu say café, naïve, straße, 日本語 and Écol…"`},
			// A body of exactly clip characters is not cut.
			{`(body 5 :clip 52)`, `"Make the menu say café, naïve, straße, 日本語 and École"`},
			{`(body 5 :clip 1000)`, `"Make the menu say café, naïve, straße, 日本語 and École"`},
			{`(body 1 :clip 1)`, `"f…"`},
		})
	})
}

// TestLogInjection: patterns are bound parameters, never SQL text.
func TestLogInjection(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s1")
		im.eval(t, seqsOf)
		im.cases(t, [][2]string{
			{`(recall-log :match "'; drop table events; --")`, `nil`},
			{`(recall-log :match "\"; drop table events; --")`, `nil`},
			{`(recall-search "'); drop table events; --")`, `nil`},
			{`(recall-log :kinds "x'); drop table events; --")`, `nil`},
		})
		if c := im.fails(t, `(recall-log :session-id "s1'; drop table events; --")`); c.Message != `recall-log: no session "s1'; drop table events; --"` {
			t.Errorf("injected session id: %v", c)
		}
		im.cases(t, [][2]string{
			{`(length (recall-log :session-id "s3" :kinds t))`, `9`},
			{`(seqs (recall-log :limit 2))`, `((:matched 14 :showing 2) 15 16)`},
		})
	})
}
