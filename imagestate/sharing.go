package imagestate

import "github.com/nodelisp/nodelisp/lisp"

// Sharing prints several values one by one, as Print does, and finds
// which of them reach a common mutable object (one global's list is the
// tail of another's). Such values must be written together, in one label
// space (Print of a list of them), or a restore gives each its own copy.
//
// The values share one count of the objects reached, so each object is
// walked once in all: a value's text is Print's as long as it shares
// nothing. A value that reaches what an earlier value reached gets an
// empty text (its group is printed whole, by Print of a list of its
// values); an earlier value in a group has its own text, which is Print's
// but may be left unused.
// Values are numbered by the caller; a value whose Print failed takes no
// part in any group.
type Sharing struct {
	refs   map[any]reached
	parent map[int]int // union-find over value numbers
	failed map[int]bool
	who    int // the value being printed
}

// NewSharing starts a set of values with nothing shared.
func NewSharing() *Sharing {
	return &Sharing{refs: map[any]reached{}, parent: map[int]int{}, failed: map[int]bool{}}
}

// Reset forgets every value printed, keeping the memory: a session checks
// its globals after every cell with one Sharing.
func (s *Sharing) Reset() {
	clear(s.refs)
	clear(s.parent)
	clear(s.failed)
}

// Print returns the state text of value number i, noting the objects it
// reaches; numbers must differ from one call to the next.
func (s *Sharing) Print(i int, v lisp.Value) (string, error) {
	s.who = i
	text, err := printWith(v, s)
	if err != nil {
		s.failed[i] = true
	}
	return text, err
}

func (s *Sharing) find(i int) int {
	for {
		p, ok := s.parent[i]
		if !ok || p == i {
			return i
		}
		// Halve the path as it is walked, so later finds are short.
		if gp, ok := s.parent[p]; ok {
			s.parent[i] = gp
		}
		i = p
	}
}

func (s *Sharing) union(a, b int) {
	ra, rb := s.find(a), s.find(b)
	if ra != rb {
		s.parent[rb] = ra
	}
	// Every linked value is a key, so Groups finds it.
	if _, ok := s.parent[ra]; !ok {
		s.parent[ra] = ra
	}
}

// Groups returns the sets of two or more printed values that share
// objects, each as value numbers, in no particular order; a failed value
// is left out of its set. A value in no set shares nothing, and its text
// is Print's, except for those Alone returns.
func (s *Sharing) Groups() [][]int {
	groups, _ := s.sets()
	return groups
}

// Alone are the values that shared objects only with failed values: their
// texts may stop short at what a failed value reached first, so they must
// be printed again by themselves (with Print) to be used.
func (s *Sharing) Alone() []int {
	_, alone := s.sets()
	return alone
}

func (s *Sharing) sets() (groups [][]int, alone []int) {
	byRoot := map[int][]int{}
	for i := range s.parent {
		if !s.failed[i] {
			r := s.find(i)
			byRoot[r] = append(byRoot[r], i)
		}
	}
	for _, set := range byRoot {
		if len(set) > 1 {
			groups = append(groups, set)
		} else {
			alone = append(alone, set[0])
		}
	}
	return groups, alone
}
