package lisp

import (
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"strconv"
)

// RandomState is CL's random-state: a generator random draws from. Its
// whole state is two 64-bit words (a PCG generator), so a copy is exact
// and the state prints readably, as #S(RANDOM-STATE :STATE (hi lo)),
// and reads back as the same sequence.
type RandomState struct {
	pcg *rand.PCG
	rng *rand.Rand
}

// NewRandomState returns a state whose generator starts at the two words.
func NewRandomState(hi, lo uint64) *RandomState {
	pcg := rand.NewPCG(hi, lo)
	return &RandomState{pcg: pcg, rng: rand.New(pcg)}
}

// FreshRandomState returns a state seeded unpredictably, as
// (make-random-state t).
func FreshRandomState() *RandomState { return NewRandomState(rand.Uint64(), rand.Uint64()) }

// Words returns the generator's two words, from which NewRandomState
// makes a state that continues with the same numbers.
func (s *RandomState) Words() (hi, lo uint64) {
	b, _ := s.pcg.MarshalBinary() // "pcg:", then hi and lo big-endian
	b = b[len(b)-16:]
	return binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:])
}

// Copy returns an independent state at the same point.
func (s *RandomState) Copy() *RandomState { return NewRandomState(s.Words()) }

// Rand is the generator to draw from; drawing advances the state.
func (s *RandomState) Rand() *rand.Rand { return s.rng }

// SymRandomState names the random-state type and its #S syntax.
var SymRandomState = Intern("RANDOM-STATE")

// randomState writes the state as SBCL does, in #S syntax, which
// reads back as an equal state whatever *print-readably* says.
func (p *printer) randomState(s *RandomState) {
	hi, lo := s.Words()
	p.b.WriteString("#S(" + p.cased("RANDOM-STATE") + " " + p.cased(":STATE") + " (")
	p.b.WriteString(strconv.FormatUint(hi, 10) + " " + strconv.FormatUint(lo, 10) + "))")
}

// Uint64Of returns v as a uint64 when it is an integer from 0 below 2^64:
// a word of a random state as it reads back.
func Uint64Of(v Value) (uint64, bool) {
	switch x := v.(type) {
	case Fixnum:
		if x >= 0 {
			return uint64(x), true
		}
	case *big.Int:
		if x.Sign() >= 0 && x.BitLen() <= 64 {
			return x.Uint64(), true
		}
	}
	return 0, false
}
