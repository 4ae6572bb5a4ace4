package reader

import (
	"strings"
	"sync"

	"github.com/nodelisp/nodelisp/lisp"
)

// The printer writes characters outside ASCII by their SBCL names
// (#\LATIN_SMALL_LETTER_E_WITH_ACUTE); this table reads those names back.
// It is built from the printer's own names the first time a name outside
// charNames is read.
var (
	longNamesOnce sync.Once
	longNames     map[string]rune
)

func longCharName(name string) (rune, bool) {
	longNamesOnce.Do(func() {
		longNames = map[string]rune{}
		add := func(lo, hi rune) {
			for r := lo; r <= hi; r++ {
				n := lisp.CharName(lisp.Char(r), false)
				if !strings.HasPrefix(n, "U") || strings.Contains(n, "_") {
					longNames[strings.ToUpper(n)] = r
				}
			}
		}
		add(0, 0xD7FF)
		add(0xE000, 0x3FFFF)
		add(0xE0000, 0xE01EF)
	})
	r, ok := longNames[strings.ToUpper(name)]
	return r, ok
}
