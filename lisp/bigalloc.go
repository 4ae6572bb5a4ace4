package lisp

import "math/big"

// A bignum is a big.Int header and, separately, the slice of words it
// points to: two allocations, and math/big rounds the slice up by four
// words. Programs that make millions of middle-sized integers (Hamming
// numbers, factorials, Fibonacci) spend much of their time allocating and
// collecting them, so results of a few words get their words inside the
// same allocation as the header. The header's slice points into its own
// object, which keeps the object alive as long as the header is.

type inlineInt2 struct {
	n big.Int
	w [2]big.Word
}

type inlineInt4 struct {
	n big.Int
	w [4]big.Word
}

// inlineInt6 fits the five- and six-word results of a 64-bit machine's
// 300–380-bit integers (a millionth Hamming number times 5) in Go's 80-byte
// size class; inlineInt8 would round them up to 96.
type inlineInt6 struct {
	n big.Int
	w [6]big.Word
}

type inlineInt8 struct {
	n big.Int
	w [8]big.Word
}

// newInt returns a zero *big.Int with room for a result of words words,
// in one allocation when that is small.
func newInt(words int) *big.Int {
	switch {
	case words <= 2:
		p := new(inlineInt2)
		return p.n.SetBits(p.w[:0])
	case words <= 4:
		p := new(inlineInt4)
		return p.n.SetBits(p.w[:0])
	case words <= 6:
		p := new(inlineInt6)
		return p.n.SetBits(p.w[:0])
	case words <= 8:
		p := new(inlineInt8)
		return p.n.SetBits(p.w[:0])
	}
	return new(big.Int)
}

// wordsOf is the number of words of x's magnitude.
func wordsOf(x *big.Int) int { return len(x.Bits()) }
