package sqlite

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/nodelisp/nodelisp/store"
)

// An FTS5 LIKE ands the posting lists of every trigram of the pattern, and
// FTS5 steps through a common trigram's list nearly entry by entry to meet
// a rare one's: "zeppelin quokka" read 4 ms of lists for 3 rows, most of
// them for "lin" and "eli", which are in half the store. Asking FTS5 to
// MATCH only the rarest trigram of each literal run reads a few thousand
// entries instead; the rows it returns are a superset of the matches, and
// the exact condition tests them, as it tests what a LIKE filter returns.

// sizeSample is how many of a trigram's newest posting-list entries are
// read to estimate the length of its list.
const sizeSample = 32

// maxSized bounds the trigrams sized per run: any subset of a run's
// trigrams is still a filter every match passes.
const maxSized = 8

// rareMatch returns an FTS5 MATCH expression for the trigram table fts (an
// FTS5 table over events, named by this package) that every row holding
// each of runs matches: the AND of each run's rarest trigram, by the
// newest entries of the trigram lists. ok is false when no run has a
// trigram that can be put in a MATCH string.
func (s *Store) rareMatch(ctx context.Context, fts string, runs []string) (expr string, ok bool, err error) {
	var tris []string
	var ofRun []int
	for i, run := range runs {
		for _, t := range spread(runTrigrams(run), maxSized) {
			tris = append(tris, t)
			ofRun = append(ofRun, i)
		}
	}
	if len(tris) == 0 {
		return "", false, nil
	}
	sizes, err := s.listSizes(ctx, fts, tris)
	if err != nil {
		return "", false, err
	}
	best := make([]int, len(runs))
	for i := range best {
		best[i] = -1
	}
	for i, r := range ofRun {
		if best[r] < 0 || sizes[i] < sizes[best[r]] {
			best[r] = i
		}
	}
	var terms []string
	for _, i := range best {
		if i >= 0 {
			terms = append(terms, `"`+strings.ReplaceAll(tris[i], `"`, `""`)+`"`)
		}
	}
	slices.Sort(terms)
	return strings.Join(slices.Compact(terms), " AND "), true, nil
}

// runTrigrams returns the distinct trigrams of a literal run, ASCII folded
// (FTS5 folds case itself; this only drops duplicates), leaving out any
// that hold a NUL, which an FTS5 query string cannot carry.
func runTrigrams(run string) []string {
	r := []rune(store.LowerASCII(run))
	var out []string
	for i := 0; i+3 <= len(r); i++ {
		t := string(r[i : i+3])
		if !strings.ContainsRune(t, 0) && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// spread returns at most n of xs, evenly spaced.
func spread(xs []string, n int) []string {
	if len(xs) <= n {
		return xs
	}
	out := make([]string, n)
	for i := range out {
		out[i] = xs[i*len(xs)/n]
	}
	return out
}

// listSizes estimates the length of each trigram's posting list in fts, in
// one statement: a list of fewer than sizeSample entries is counted, and a
// longer one is priced by how far back its newest sizeSample entries
// reach (FTS5 reads a list from its newest end cheaply).
func (s *Store) listSizes(ctx context.Context, fts string, tris []string) ([]float64, error) {
	var sb strings.Builder
	sb.WriteString(`SELECT -1, coalesce(max(id), 0), 0 FROM events`)
	args := make([]any, len(tris))
	for i, t := range tris {
		fmt.Fprintf(&sb, ` UNION ALL SELECT %d, count(*), coalesce(min(rowid), 0) FROM (
			SELECT rowid FROM %[2]s WHERE %[2]s MATCH ? ORDER BY rowid DESC LIMIT %d)`, i, fts, sizeSample)
		args[i] = `"` + strings.ReplaceAll(t, `"`, `""`) + `"`
	}
	rows, err := s.query(ctx, sb.String(), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var top int64
	counts := make([]int64, len(tris))
	oldest := make([]int64, len(tris))
	for rows.Next() {
		var i, n, low int64
		if err := rows.Scan(&i, &n, &low); err != nil {
			return nil, err
		}
		if i < 0 {
			top = n
		} else {
			counts[i], oldest[i] = n, low
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	sizes := make([]float64, len(tris))
	for i, n := range counts {
		sizes[i] = float64(n)
		if n >= sizeSample {
			sizes[i] = float64(n) * float64(top) / float64(max(top-oldest[i]+1, 1))
		}
	}
	return sizes, nil
}

// ftsRows is a subquery of the rowids of fts (over column col) that hold
// every one of pats, LIKE patterns that each have a trigram: through
// rareMatch when it can, else through FTS5's own LIKE on escape-free
// supersets of the patterns.
func (s *Store) ftsRows(ctx context.Context, fts, col string, pats []string) (string, []any, error) {
	var runs []string
	for _, p := range pats {
		runs = append(runs, store.LiteralRuns(p)...)
	}
	expr, ok, err := s.rareMatch(ctx, fts, runs)
	if err != nil {
		return "", nil, err
	}
	if ok {
		return `SELECT rowid FROM ` + fts + ` WHERE ` + fts + ` MATCH ?`, []any{expr}, nil
	}
	var conds []string
	var args []any
	for _, p := range pats {
		if f, ok := store.TrigramFilter(p); ok {
			conds = append(conds, col+` LIKE ?`)
			args = append(args, f)
		}
	}
	return `SELECT rowid FROM ` + fts + ` WHERE ` + strings.Join(conds, " AND "), args, nil
}
