package store

import "cmp"

// SearchOrder compares hits in the order Search returns them: newest
// first by time, ties by session id then seq, both descending.
func SearchOrder(a, b Hit) int {
	if c := b.At.Compare(a.At); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Session, a.Session); c != 0 {
		return c
	}
	return cmp.Compare(b.Seq, a.Seq)
}
