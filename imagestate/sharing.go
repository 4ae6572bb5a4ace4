package imagestate

import "github.com/nodelisp/nodelisp/lisp"

// Sharing prints several values one by one, as Print does, and finds
// which of them reach a common mutable object (one global's list is the
// tail of another's). Such values must be written together, in one label
// space (Print of a list of them), or a restore gives each its own copy.
//
// Values are numbered by the caller; a value whose Print failed takes no
// part in any group.
type Sharing struct {
	owner  map[any]int // the first value that reached each object
	parent map[int]int // union-find over value numbers
	failed map[int]bool
	who    int // the value being printed
}

// NewSharing starts a set of values with nothing shared.
func NewSharing() *Sharing {
	return &Sharing{owner: map[any]int{}, parent: map[int]int{}, failed: map[int]bool{}}
}

// Print returns the state text of value number i, noting the objects it
// reaches.
func (s *Sharing) Print(i int, v lisp.Value) (string, error) {
	s.who = i
	text, err := printWith(v, s)
	if err != nil {
		s.failed[i] = true
	}
	return text, err
}

// reached notes that the value being printed reaches x.
func (s *Sharing) reached(x any) {
	j, ok := s.owner[x]
	if !ok {
		s.owner[x] = s.who
		return
	}
	if j != s.who {
		s.union(j, s.who)
	}
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
// objects, each as value numbers, in no particular order. A failed value
// is left out of its set; values linked only through it stay together,
// which costs nothing but writing them in one text.
func (s *Sharing) Groups() [][]int {
	byRoot := map[int][]int{}
	for i := range s.parent {
		if !s.failed[i] {
			r := s.find(i)
			byRoot[r] = append(byRoot[r], i)
		}
	}
	var out [][]int
	for _, g := range byRoot {
		if len(g) > 1 {
			out = append(out, g)
		}
	}
	return out
}
