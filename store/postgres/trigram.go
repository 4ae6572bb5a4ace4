package postgres

import (
	"fmt"
	"strings"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/internal/plan"
)

// A pg_trgm GIN lookup reads the posting list of every trigram of every
// ILIKE it serves, and for "zeppelin quokka" those of "lin" and "eli"
// (in half the store) were 3.3 ms of the 3.5 ms search. The index
// conditions here ask instead for each literal run's rarest sampled
// trigram (plan.RareRuns), a superset of the matches that the exact
// condition then tests: 0.15 ms for that search.

// rareConds is the index condition on col for pattern: one ILIKE per
// text of plan.RareRuns, numbered after the len(args) parameters already
// given, with args extended by their patterns.
func rareConds(col, pattern string, held []int64, args []any) (string, []any) {
	var conds []string
	for _, t := range plan.RareRuns(pattern, held, alnum) {
		args = append(args, "%"+store.EscapeLike(t)+"%")
		conds = append(conds, fmt.Sprintf(`(%s COLLATE "C") ILIKE $%d`, col, len(args)))
	}
	return strings.Join(conds, " AND "), args
}

// alnum reports whether a trigram is ASCII letters and digits only. pg_trgm
// takes other characters for word breaks (which ones depends on the
// locale), so from "%\":9%" it would extract no trigram and scan the whole
// index; a whole run keeps whatever trigrams pg_trgm finds in it.
func alnum(t string) bool {
	for _, r := range t {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}
