package recall

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strings"
	"time"
)

// The benchmark's anchors: textbook BM25 (k1 1.2, b 0.75) over the
// conversation's turns, on words (runs of ASCII letters and digits, lower
// case), with each word as given or Porter-stemmed on both sides.

type bm25Doc struct {
	id   string // dia_id
	text string
	at   time.Time
}

func (c *locomoConv) bm25Docs() []bm25Doc {
	var out []bm25Doc
	for _, s := range c.sessions {
		for i, t := range s.turns {
			out = append(out, bm25Doc{id: t.DiaID, text: c.turns[t.DiaID], at: s.at.Add(time.Duration(i) * time.Second)})
		}
	}
	return out
}

type bm25 struct {
	docs  []bm25Doc
	terms []map[string]int
	lens  []int
	avg   float64
	df    map[string]int
	norm  func(string) string
}

func newBM25(docs []bm25Doc, norm func(string) string) *bm25 {
	x := &bm25{docs: docs, df: map[string]int{}, norm: norm}
	total := 0
	for _, d := range docs {
		tf := map[string]int{}
		words := locomoWord.FindAllString(strings.ToLower(d.text), -1)
		for _, w := range words {
			tf[norm(w)]++
		}
		for w := range tf {
			x.df[w]++
		}
		x.terms = append(x.terms, tf)
		x.lens = append(x.lens, len(words))
		total += len(words)
	}
	x.avg = float64(total) / float64(max(len(docs), 1))
	return x
}

// rank is the ids of the top k turns for the words, ties newest first.
func (x *bm25) rank(words []string, k int) []string {
	const k1, b = 1.2, 0.75
	n := float64(len(x.docs))
	var qs []string
	for _, w := range words {
		if t := x.norm(w); !slices.Contains(qs, t) {
			qs = append(qs, t)
		}
	}
	type scored struct {
		i     int
		score float64
	}
	var all []scored
	for i, tf := range x.terms {
		s := 0.0
		for _, q := range qs {
			f := float64(tf[q])
			if f == 0 {
				continue
			}
			df := float64(x.df[q])
			idf := math.Log(1 + (n-df+0.5)/(df+0.5))
			s += idf * f * (k1 + 1) / (f + k1*(1-b+b*float64(x.lens[i])/x.avg))
		}
		if s > 0 {
			all = append(all, scored{i, s})
		}
	}
	sort.Slice(all, func(a, c int) bool {
		if all[a].score != all[c].score {
			return all[a].score > all[c].score
		}
		return cmp.Compare(x.docs[all[a].i].at.UnixNano(), x.docs[all[c].i].at.UnixNano()) > 0
	})
	var ids []string
	for _, s := range all[:min(k, len(all))] {
		ids = append(ids, x.docs[s.i].id)
	}
	return ids
}
