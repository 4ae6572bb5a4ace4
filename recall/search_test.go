package recall

import (
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
)

// places prints session/seq of each search row.
const placesOf = `(defun places (rows) (mapcar (lambda (r) (format nil "~a/~a" (getf r :session-id) (getf r :seq))) rows))`

func TestSearchRows(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s2")
		im.eval(t, placesOf)
		im.cases(t, [][2]string{
			// Every session, newest first; s3/4 and s2/16 share a time,
			// so the higher session id comes first. Events of s1 seen
			// through s2's lineage appear once, under s1.
			{`(places (recall-search "deploy"))`, `("s3/4" "s2/16" "s2/15" "s2/14" "s3/1" "s1/11" "s1/10" "s1/4" "s1/2" "s1/1")`},
			{`(first (recall-search "deploy"))`, `(:session-id "s3" :title "other project" :seq 4 :text "The docs are deployed; see the window.")`},
			{`(places (recall-search "deploy" :limit 3))`, `("s3/4" "s2/16" "s2/15")`},
			// Every word must appear, in any order, as whole runs of spaces
			// apart.
			{`(places (recall-search "script deploy"))`, `("s1/4" "s1/1")`},
			{`(places (recall-search "  deploy   script  "))`, `("s1/4" "s1/1")`},
			{`(places (recall-search "deploy script server"))`, `("s1/4")`},
			{`(places (recall-search "deploy zzz"))`, `nil`},
			// The body only, not the JSON around it.
			{`(places (recall-search "text"))`, `nil`},
			{`(places (recall-search "\"code\""))`, `nil`},
			// Literal words: % and _ are themselves.
			{`(places (recall-search "the_window"))`, `("s1/10")`},
			{`(places (recall-search "100%"))`, `("s1/10")`},
			{`(places (recall-search "%"))`, `("s1/10")`},
			{`(places (recall-search "_"))`, `("s1/10")`},
			{`(places (recall-search "\\"))`, `nil`},
			// ASCII case folds, other letters do not.
			{`(places (recall-search "DEPLOYED"))`, `("s3/4" "s2/16")`},
			{`(places (recall-search "é"))`, `("s1/6" "s1/5")`},
			{`(places (recall-search "É"))`, `("s1/8" "s1/5")`},
			{`(places (recall-search "école"))`, `nil`},
			{`(places (recall-search "ÉCOLE"))`, `("s1/8" "s1/5")`},
			{`(places (recall-search "STRASSE"))`, `nil`},
			{`(places (recall-search "straße"))`, `("s1/7" "s1/5")`},
		})
	})
}

func TestSearchKinds(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s1")
		im.eval(t, placesOf)
		im.cases(t, [][2]string{
			{`(places (recall-search "deploy" :kinds :tool-call))`, `("s2/15" "s1/11" "s1/2")`},
			{`(places (recall-search "deploy" :kinds '("input" :tool-result)))`, `("s2/16" "s2/14" "s3/1" "s1/10" "s1/1")`},
			{`(places (recall-search "%" :kinds t))`, `("s3/6" "s1/10")`},
			{`(places (recall-search "head" :kinds :head-move))`, `("s1/9")`},
			{`(places (recall-search "head"))`, `nil`},
		})
	})
}

func TestSearchSnippet(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s1")
		im.eval(t, `(defun text (query &rest keys) (getf (first (apply #'recall-search query keys)) :text))`)
		im.cases(t, [][2]string{
			// :lead characters before the match, :window in all.
			{`(text "copies" :window 20 :lead 5)`, `"; it copies the buil"`},
			// The earliest match of any word, not the first word's.
			{`(text "server copies" :window 20 :lead 5)`, `"; it copies the buil"`},
			{`(text "copies" :window 6 :lead 0)`, `"copies"`},
			{`(text "COPIES" :window 6 :lead 0)`, `"copies"`},
			// Clamped at the start and at the end of the body.
			{`(text "copies" :window 10 :lead 100)`, `"The DEPLOY"`},
			{`(text "server" :window 100 :lead 3)`, `"he server."`},
			// Characters are runes.
			{`(text "ÉCOLE" :window 8 :lead 3)`, `"ds École"`},
			{`(text "日本語" :window 5 :lead 2)`, `"e 日本語"`},
			// The defaults: lead 32, window 220.
			{`(text "deploy.sh")`, `"The DEPLOY script is scripts/deploy.sh; it copies the build to the server."`},
			{`(length (text "Menu:"))`, `220`},
			{`(subseq (text "straße" :kinds :tool-result) 0 12)`, `"Menu: naïve "`},
			{`(length (text "日本語 · naïve" :kinds :tool-result))`, `220`},
		})
		// With the default lead, 32 characters come before the match:
		// the only `+"`\")`"+` of the long cell (s1/6) is at its very end.
		im.eval(t, `(defun text-at (seq query &rest keys)
			(getf (find seq (apply #'recall-search query keys) :key (lambda (r) (getf r :seq))) :text))`)
		body := []rune(longCode)
		end := len(body) - 2
		im.cases(t, [][2]string{
			{`(text-at 6 "\")")`, lisp.Prin1ToString(lisp.NewString(string(body[end-32:])))},
			{`(text-at 6 "\")" :lead 250)`, lisp.Prin1ToString(lisp.NewString(string(body[end-250 : end-250+220])))},
		})
	})
}

func TestSnippetUnit(t *testing.T) {
	cases := []struct {
		body         string
		words        []string
		window, lead int
		want         string
	}{
		{"abcdef", []string{"d"}, 2, 1, "cd"},
		{"abcdef", []string{"D"}, 2, 1, "cd"},
		{"abcdef", []string{"f", "b"}, 3, 0, "bcd"},
		{"éééXééé", []string{"x"}, 3, 1, "éXé"},
		{"éééXééé", []string{"X"}, 100, 100, "éééXééé"},
		{"ÉÉé", []string{"é"}, 1, 0, "é"},
		{"", []string{"a"}, 5, 5, ""},
	}
	for _, c := range cases {
		if got := snippet(c.body, c.words, c.window, c.lead); got != c.want {
			t.Errorf("snippet(%q, %q, %d, %d) = %q, want %q", c.body, c.words, c.window, c.lead, got, c.want)
		}
	}
}

func TestClipUnit(t *testing.T) {
	cases := []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		{"日本語です", 3, "日本語…"},
		{"日本語", 3, "日本語"},
		{"", 1, ""},
		{"é", 1, "é"},
		{"éé", 1, "é…"},
	}
	for _, c := range cases {
		if got := clipText(c.s, c.n); got != c.want {
			t.Errorf("clipText(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}
