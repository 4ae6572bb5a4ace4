package evict

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// DefaultPercent is /evict's share when none is given.
const DefaultPercent = 50

// ErrNothingToEvict is ManualEvict's answer when no turn may leave: there
// is at most the newest turn, and the newest turn always stays.
var ErrNothingToEvict = errors.New("/evict: nothing to evict: the newest turn always stays")

// Manual is a parsed /evict argument: a share (Percent) or, when Through is
// not 0, every finished path turn up to and including turn Through.
type Manual struct {
	Percent int
	Through int64
}

// ParseEvict parses what follows /evict (or /compact): "", "40", "40%", or
// "through TURN".
func ParseEvict(arg string) (Manual, error) {
	fields := strings.Fields(arg)
	if len(fields) > 0 && fields[0] == "through" {
		if len(fields) != 2 {
			return Manual{}, errors.New("/evict: through takes one turn: /evict through TURN")
		}
		n, err := strconv.ParseInt(fields[1], 10, 64)
		if err != nil || n <= 0 {
			return Manual{}, fmt.Errorf("/evict: through takes a turn's seq, got %q", fields[1])
		}
		return Manual{Through: n}, nil
	}
	p, err := ParsePercent(arg)
	return Manual{Percent: p}, err
}

// Boundary is the new eviction boundary m calls for over turns, the path
// turns after the current boundary, oldest first.
func (m Manual) Boundary(turns []Turn) (int64, error) {
	if m.Through != 0 {
		return EvictThrough(turns, m.Through)
	}
	return ManualEvict(turns, m.Percent)
}

// ParsePercent parses /evict's share: a whole number from 1 to 100, with or
// without a "%"; "" is DefaultPercent.
func ParsePercent(arg string) (int, error) {
	s := strings.TrimSpace(arg)
	if s == "" {
		return DefaultPercent, nil
	}
	n, err := strconv.Atoi(strings.TrimSuffix(s, "%"))
	if err != nil {
		return 0, fmt.Errorf("/evict: percent must be 1 to 100, got %q", s)
	}
	if n < 1 || n > 100 {
		return 0, fmt.Errorf("/evict: percent must be 1 to 100, got %d", n)
	}
	return n, nil
}

// ManualEvict is /evict PERCENT over turns, the path turns after the
// boundary, oldest first (the retained history; H is their tokens). It
// drops the oldest finished turns whole while the dropped total stays
// within percent% of H, and at least one when any may go; the newest turn
// always stays. It returns the new boundary: the input seq of the newest
// turn dropped.
func ManualEvict(turns []Turn, percent int) (boundary int64, err error) {
	if percent < 1 || percent > 100 {
		return 0, fmt.Errorf("/evict: percent must be 1 to 100, got %d", percent)
	}
	h := 0
	for _, t := range turns {
		h += t.Tokens
	}
	dropped := 0
	for _, t := range evictable(turns) {
		if boundary != 0 && (dropped+t.Tokens)*100 > percent*h {
			break
		}
		dropped += t.Tokens
		boundary = t.Input
	}
	if boundary == 0 {
		return 0, ErrNothingToEvict
	}
	return boundary, nil
}

// EvictThrough is /evict through TURN over turns, the path turns after the
// boundary, oldest first: every finished turn up to and including the one
// whose input seq is turn. It returns the new boundary, turn itself. The
// running turn, the newest turn, and a turn not among turns (evicted
// already, or on another branch) are errors.
func EvictThrough(turns []Turn, turn int64) (int64, error) {
	for i, t := range turns {
		if t.Input != turn {
			continue
		}
		switch {
		case i == len(turns)-1 && !t.Finished:
			return 0, fmt.Errorf("/evict: turn %d is the running turn", turn)
		case i == len(turns)-1:
			return 0, fmt.Errorf("/evict: turn %d is the newest turn, which always stays", turn)
		case len(evictable(turns)) <= i:
			return 0, fmt.Errorf("/evict: turn %d follows a turn that is not finished", turn)
		}
		return turn, nil
	}
	return 0, fmt.Errorf("/evict: no turn %d on the path", turn)
}
