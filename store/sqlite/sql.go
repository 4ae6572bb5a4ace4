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
// as the definition asks, and ESCAPE '\' gives the escapes. A pattern with
// no wildcards becomes instr over lower(), which folds ASCII only too and
// runs several times faster than LIKE.
func matchCond(col, p string) (string, any) {
	if lit, ok := store.Literal(p); ok {
		return "instr(lower(" + col + "), ?) > 0", store.LowerASCII(lit)
	}
	return col + ` LIKE ? ESCAPE '\'`, "%" + store.CanonicalLike(p) + "%"
}
