package plan

import (
	"strings"

	"github.com/nodelisp/nodelisp/store"
)

// Probe is how many rows a match reads first, nearest first: the newest
// (or oldest) rows of a segment for a scan, the newest of the store for a
// search. A pattern that fills its limit there is dense and the probe is
// the whole answer; otherwise what the probe saw is the density estimate
// the choice of plan rests on. A few hundred rows cost well under a
// millisecond to test, and are enough to tell a pattern in one row of a
// few dozen from one in one of thousands.
const Probe = 512

// Costs are a backend's costs per row, in any one unit, of the ways it can
// find matches. Only their ratios matter.
type Costs struct {
	// Walk is reading one row in seq (or search) order on the ordering
	// index and testing it.
	Walk float64
	// Scan is testing one row of a count over a whole segment.
	Scan float64
	// Index is one candidate from the trigram index: finding it, fetching
	// its row and testing it.
	Index float64
	// List is one entry of a trigram's posting list read by the index.
	List float64
}

// Stats is what a probe learned about one segment.
type Stats struct {
	// Window is how many rows the probe read: fewer than Probe means it
	// read the whole segment.
	Window int64
	// Matched is how many of them match the pattern, whatever their kind:
	// the density the trigram index sees, store-wide.
	Matched int64
	// Kept is how many match the pattern and the kinds: the density a walk
	// of this segment sees.
	Kept int64
	// Kinded is how many are of the kinds, whatever they hold: the share
	// of the segment a read through the kind index visits.
	Kinded int64
	// First and Last are the segment's lowest and highest seqs (zero when
	// it is empty), and Span bounds its rows: Last less First plus one.
	First, Last, Span int64
	// Store bounds the rows of the whole store (its largest row id).
	Store int64
	// Lists is the pattern's posting-list entries per row of the store:
	// the sum, over its trigrams, of the share of rows holding each (see
	// Trigrams).
	Lists float64
	// Held is how many rows of the window hold each sampled trigram, in
	// the order Trigrams gives them (see RareRuns).
	Held []int64
}

// Sparse reports that the probe found the query's kinds in fewer than
// one row in sparseKinds, so that reading them through the kind index
// beats visiting every row of the segment. Rows of one kind are spread
// through a session, and reading them by kind costs about twice as much
// per row as reading the session in seq order.
func (s Stats) Sparse(q store.Query) bool {
	return len(q.Kinds) > 0 && s.Kinded*sparseKinds < s.Window
}

const sparseKinds = 2

// whole reports that the probe read every row of the segment, so its
// counts are exact.
func (s Stats) whole() bool { return s.Window < Probe }

// density is a fraction of the probe's window, never quite zero: a probe
// that saw no match only shows the pattern is rarer than one in Window.
func (s Stats) density(n int64) float64 {
	if s.Window == 0 {
		return 0
	}
	if n == 0 {
		return 0.5 / float64(s.Window)
	}
	return float64(n) / float64(s.Window)
}

// candidates estimates how many rows of the whole store the trigram index
// returns for the pattern.
func (s Stats) candidates() float64 {
	return s.density(s.Matched) * float64(s.Store)
}

// walkRows estimates how many rows a walk reads to find limit matches:
// the whole segment when the probe saw too few to tell.
func (s Stats) walkRows(limit int) float64 {
	span := float64(max(s.Span, s.Window))
	if s.Kept == 0 {
		return span
	}
	return min(span, float64(limit)*float64(s.Window)/float64(s.Kept))
}

// index estimates the cost of reading the pattern's matches store-wide
// through the trigram index: its posting lists, then its candidates.
func (c Costs) index(s Stats) float64 {
	return c.List*s.Lists*float64(s.Store) + c.Index*s.candidates()
}

// preferIndex reports whether the trigram index is cheaper than walking
// rows rows.
func (c Costs) preferIndex(s Stats, rows float64) bool {
	return c.index(s) < c.Walk*rows
}

// countByIndex reports whether counting a segment is cheaper through the
// trigram index than by testing each of its rows.
func (c Costs) countByIndex(s Stats) bool {
	return c.index(s) < c.Scan*float64(max(s.Span, s.Window))
}

// ListDensity turns a probe's counts of rows holding each sampled trigram
// into Stats.Lists.
func ListDensity(window int64, held []int64, total int) float64 {
	if window == 0 || len(held) == 0 {
		return 0
	}
	var sum int64
	for _, n := range held {
		sum += n
	}
	return float64(sum) / float64(len(held)) / float64(window) * float64(total)
}

// sampledTrigrams is how many of a pattern's trigrams a probe tests.
const sampledTrigrams = 4

// Trigrams returns up to sampledTrigrams of the distinct trigrams of the
// literal runs of pattern, spread evenly over them, in lower case, and
// how many distinct trigrams there are in all. Backends test them with a
// plain case-sensitive substring search: an estimate needs no folding, and
// it costs a quarter of a LIKE. A probe's density for each prices the index's posting lists: a
// trigram index reads the list of every trigram of the pattern, so a rare
// phrase of common words is cheap to confirm but dear to look up.
func Trigrams(pattern string) (sample []string, total int) {
	seen := map[string]bool{}
	var all []string
	for _, run := range store.LiteralRuns(pattern) {
		r := []rune(store.LowerASCII(run))
		for i := 0; i+3 <= len(r); i++ {
			if t := string(r[i : i+3]); !seen[t] {
				seen[t] = true
				all = append(all, t)
			}
		}
	}
	n := min(len(all), sampledTrigrams)
	for i := range n {
		sample = append(sample, all[i*len(all)/n])
	}
	return sample, len(all)
}

// RareRuns returns what an index lookup of pattern needs, one text per
// literal run (store.LiteralRuns): the run's sampled trigram (Trigrams)
// that the fewest probed rows held, by held, among those the index can
// look up (usable), or the whole run when there is none such or held is
// missing. Every row matching pattern holds each text (ASCII case aside),
// so a lookup of just these is a superset filter; a trigram index reads a
// posting list per trigram it is given, and a common trigram's list can
// cost a hundred times a rare one's.
func RareRuns(pattern string, held []int64, usable func(trigram string) bool) []string {
	sample, _ := Trigrams(pattern)
	var out []string
	for _, run := range store.LiteralRuns(pattern) {
		lower := store.LowerASCII(run)
		best := -1
		for i, t := range sample {
			if i < len(held) && strings.Contains(lower, t) && usable(t) && (best < 0 || held[i] < held[best]) {
				best = i
			}
		}
		if best < 0 {
			out = append(out, run)
		} else {
			out = append(out, sample[best])
		}
	}
	return out
}
