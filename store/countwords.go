package store

import "bytes"

// CountWords is Hit.Counts for a body: how many times it holds each word,
// ASCII case ignored, counted as strings.Count counts in the ASCII-lowered
// body (occurrences that do not overlap, from the left; the fold is byte
// by byte, which for the valid UTF-8 of every body is LowerASCII's, and
// leaves invalid bytes as they are rather than as U+FFFD). Both backends
// count in Go with it, so the counts cannot differ between them or from a
// count over the body a caller reads later.
func CountWords(body string, words []string) []int64 {
	c := newCounter(words)
	return c.count(body)
}

// Counted turns hits read with their bodies into what Search returns for
// a query with Count: each hit's Counts set for words, its body dropped.
// A backend calls it on the rows it returns, after cutting them to the
// limit, so rows it reads and does not return are not counted.
func Counted(hits []Hit, words []string) {
	if len(words) == 0 {
		return
	}
	c := newCounter(words)
	for i := range hits {
		hits[i].Counts = c.count(hits[i].Body)
		hits[i].Body = ""
	}
}

// counter counts words in bodies, folding each body into one buffer
// rather than a new string per body (a relevance search counts
// thousands).
type counter struct {
	words [][]byte
	buf   []byte
}

func newCounter(words []string) *counter {
	c := &counter{words: make([][]byte, len(words))}
	for i, w := range words {
		c.words[i] = []byte(LowerASCII(w))
	}
	return c
}

func (c *counter) count(body string) []int64 {
	c.buf = c.buf[:0]
	for i := 0; i < len(body); i++ {
		b := body[i]
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		c.buf = append(c.buf, b)
	}
	out := make([]int64, len(c.words))
	for i, w := range c.words {
		out[i] = int64(bytes.Count(c.buf, w))
	}
	return out
}
