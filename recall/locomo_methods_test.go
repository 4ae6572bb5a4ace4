package recall

import (
	"context"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/store"
)

// The methods BenchmarkLoCoMo compares, each given the same words.
var locomoMethods = []string{"seed + back-off", ":rank :best + back-off", ":rank :relevance", "BM25", "stemmed BM25"}

// locomoStopwords are the words a question is stripped of: English
// function words and the words questions are phrased with. Written here,
// once, without looking at any answer.
var locomoStopwords = strings.Fields(`a an the and or but if of at by for with about against between into
through during before after above below to from up down in out on off over under again further then once
here there when where why how all any both each few more most other some such no nor not only own same so
than too very can will just should now what which who whom whose this that these those am is are was were
be been being have has had having do does did doing would could might must shall may i me my we our us you
your he him his she her they them their it its as also ever likely kind kinds type types sort much many
something anything someone`)

var locomoWord = regexp.MustCompile(`[a-z0-9]+`)

// questionWords are the content words of a question, lower case, in
// order, each once: "When did Caroline go to the LGBTQ support group?"
// gives "caroline go lgbtq support group".
func questionWords(q string) []string {
	q = strings.ReplaceAll(lowerASCII(q), "'s", "")
	var out []string
	for _, w := range locomoWord.FindAllString(q, -1) {
		if len(w) < 2 || slices.Contains(locomoStopwords, w) || slices.Contains(out, w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// locomoTally counts hits per method and category.
type locomoTally struct {
	hits  map[string]map[int]*hitCount
	times map[string][]time.Duration // one per call
	calls map[string]int
}

type hitCount struct{ n, at1, at5, at10 int }

func (t *locomoTally) add(method string, category int, rank int, calls int, took []time.Duration) {
	if t.hits == nil {
		t.hits, t.times, t.calls = map[string]map[int]*hitCount{}, map[string][]time.Duration{}, map[string]int{}
	}
	if t.hits[method] == nil {
		t.hits[method] = map[int]*hitCount{}
	}
	for _, c := range []int{category, 0} { // 0 is every category
		h := t.hits[method][c]
		if h == nil {
			h = &hitCount{}
			t.hits[method][c] = h
		}
		h.n++
		if rank >= 0 {
			h.at1 += b2i(rank < 1)
			h.at5 += b2i(rank < 5)
			h.at10 += b2i(rank < 10)
		}
	}
	t.calls[method] += calls
	t.times[method] = append(t.times[method], took...)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// measure asks every question of the conversation by every method.
func (c *locomoConv) measure(b *testing.B, st store.Store, t *locomoTally) {
	im := newImage(st, "")
	docs := c.bm25Docs()
	plain, stemmed := newBM25(docs, func(s string) string { return s }), newBM25(docs, porter)
	for _, q := range c.qa {
		words := questionWords(q.Question)
		if len(words) == 0 {
			continue
		}
		for _, m := range locomoMethods {
			var ids []string
			var took []time.Duration
			calls := 0
			switch m {
			case "seed + back-off", ":rank :best + back-off":
				rank := ""
				if m != "seed + back-off" {
					rank = " :rank :best"
				}
				for n := len(words); n > 0 && len(ids) == 0; n-- {
					var d time.Duration
					ids, d = c.search(b, im, words[:n], rank)
					took, calls = append(took, d), calls+1
				}
			case ":rank :relevance":
				var d time.Duration
				ids, d = c.search(b, im, words, " :rank :relevance")
				took, calls = append(took, d), 1
			case "BM25":
				ids = plain.rank(words, 10)
			case "stemmed BM25":
				ids = stemmed.rank(words, 10)
			}
			t.add(m, q.Category, firstEvidence(ids, q.Evidence), calls, took)
		}
	}
}

var quoted = regexp.MustCompile(`"([^"]*)"`)

// search runs one recall-search for the words and returns the dia_ids of
// the top ten rows and how long the call took.
func (c *locomoConv) search(b *testing.B, im *image, words []string, rank string) ([]string, time.Duration) {
	src := fmt.Sprintf(`(mapcar (lambda (r) (format nil "~a/~a" (getf r :session-id) (getf r :seq))) (recall-search %q :limit 10 :window 1%s))`,
		strings.Join(words, " "), rank)
	start := time.Now()
	r, err := im.it.Eval(context.Background(), src)
	took := time.Since(start)
	if err != nil {
		b.Fatalf("%s: %v", src, err)
	}
	var ids []string
	for _, m := range quoted.FindAllStringSubmatch(r.Printed, -1) {
		ids = append(ids, c.where[m[1]])
	}
	return ids, took
}

// firstEvidence is the rank of the first evidence turn among ids, or -1.
func firstEvidence(ids, evidence []string) int {
	for i, id := range ids {
		if slices.Contains(evidence, id) {
			return i
		}
	}
	return -1
}

func (t *locomoTally) print(w io.Writer, files []string) {
	fmt.Fprintf(w, "\nLoCoMo: %d conversations (%s); hit@1 / @5 / @10 in %%, per category (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial)\n\n", len(files), strings.Join(files, ", "))
	fmt.Fprintf(w, "| method | all | 1 | 2 | 3 | 4 | 5 | calls | p50 | p95 |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, m := range locomoMethods {
		fmt.Fprintf(w, "| %s ", m)
		for c := range 6 {
			h := t.hits[m][c]
			if h == nil {
				fmt.Fprintf(w, "| – ")
				continue
			}
			pc := func(k int) float64 { return 100 * float64(k) / float64(h.n) }
			fmt.Fprintf(w, "| %.1f / %.1f / %.1f ", pc(h.at1), pc(h.at5), pc(h.at10))
		}
		ds := t.times[m]
		if len(ds) == 0 {
			fmt.Fprintf(w, "| – | – | – |\n")
			continue
		}
		slices.Sort(ds)
		fmt.Fprintf(w, "| %.2f | %.2f ms | %.2f ms |\n", float64(t.calls[m])/float64(t.hits[m][0].n), ms(percentile(ds, 50)), ms(percentile(ds, 95)))
	}
	fmt.Fprintf(w, "\nquestions: %d; calls: per question; p50/p95: one recall-search call through the interpreter, SQLite\n", t.hits[locomoMethods[0]][0].n)
}

// percentile is the p-th percentile of sorted ds (nearest rank).
func percentile(ds []time.Duration, p float64) time.Duration {
	i := int(math.Ceil(p/100*float64(len(ds)))) - 1
	return ds[max(0, min(i, len(ds)-1))]
}
