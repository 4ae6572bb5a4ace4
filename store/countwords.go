package store

import "strings"

// CountWords is Hit.Counts for a body: how many times it holds each word,
// ASCII case ignored, counted as strings.Count counts in the ASCII-lowered
// body. Both backends count in Go with it, so the counts cannot differ
// between them or from a count over the body a caller reads later.
func CountWords(body string, words []string) []int64 {
	folded := LowerASCII(body)
	out := make([]int64, len(words))
	for i, w := range words {
		out[i] = int64(strings.Count(folded, LowerASCII(w)))
	}
	return out
}

// Counted turns hits read with their bodies into what Search returns for
// a query with Count: each hit's Counts set for words, its body dropped.
// A backend calls it on the rows it returns, after cutting them to the
// limit, so rows it reads and does not return are not counted.
func Counted(hits []Hit, words []string) {
	if len(words) == 0 {
		return
	}
	for i := range hits {
		hits[i].Counts = CountWords(hits[i].Body, words)
		hits[i].Body = ""
	}
}
