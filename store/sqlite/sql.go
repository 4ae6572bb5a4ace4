package sqlite

import (
	"strings"

	"github.com/nodelisp/nodelisp/store"
)

// placeholders returns "?, ?, …" for n values.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// matchCond is the SQL condition that col holds a stretch matching the
// :match pattern p, with its one argument. SQLite's LIKE folds ASCII only,
// as the definition asks. ESCAPE '\' is added only when the pattern needs
// it: a canonical pattern without a backslash reads the same without one,
// and the clause costs about a quarter more per row. (instr over lower()
// gives the same rows but is slower still: lower copies every payload.)
func matchCond(col, p string) (string, string) {
	pat := "%" + store.CanonicalLike(p) + "%"
	if strings.Contains(pat, `\`) {
		return col + ` LIKE ? ESCAPE '\'`, pat
	}
	return col + ` LIKE ?`, pat
}
