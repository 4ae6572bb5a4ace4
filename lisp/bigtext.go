package lisp

import (
	"math/big"
	"sync"
)

// Turning a bignum of millions of digits into text takes seconds inside
// math/big, where no cancellation reaches. A builtin about to print one
// converts it first where the cell can be stopped (builtins' preprint) and
// leaves the text here; the printer takes it from here instead of
// converting again. Bignums are never modified, so a text stays right.

var bigTexts struct {
	mu    sync.Mutex
	keys  [4]*big.Int
	texts [4]string
	next  int
}

// RememberBigText keeps x's decimal text for the printer.
func RememberBigText(x *big.Int, text string) {
	bigTexts.mu.Lock()
	defer bigTexts.mu.Unlock()
	i := bigTexts.next
	bigTexts.keys[i], bigTexts.texts[i] = x, text
	bigTexts.next = (i + 1) % len(bigTexts.keys)
}

// HasBigText reports whether x's text is remembered.
func HasBigText(x *big.Int) bool {
	_, ok := rememberedBigText(x)
	return ok
}

func rememberedBigText(x *big.Int) (string, bool) {
	bigTexts.mu.Lock()
	defer bigTexts.mu.Unlock()
	for i, k := range bigTexts.keys {
		if k == x {
			return bigTexts.texts[i], true
		}
	}
	return "", false
}

// bigDecimal is x in decimal, remembered or converted now.
func bigDecimal(x *big.Int) string {
	if x.BitLen() > 1<<16 {
		if s, ok := rememberedBigText(x); ok {
			return s
		}
	}
	return x.String()
}
