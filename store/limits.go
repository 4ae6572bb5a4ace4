package store

import (
	"errors"
	"fmt"
)

// Limits on one read, the same on every backend. SQLite has hard limits
// of its own (a LIKE pattern of 50,000 bytes, 500 terms in a compound
// SELECT, 32,766 bound parameters) where PostgreSQL has none; these sit
// well below them and far above any real query, so both backends give the
// same rows or the same error, said in the query's terms.
const (
	// MaxMatch is the longest :match pattern, in bytes.
	MaxMatch = 10000
	// MaxKinds is the most distinct kinds one read may filter on.
	MaxKinds = 1000
	// MaxSearchWords is the most words one search may hold.
	MaxSearchWords = 100
)

// ErrTooLarge is a query past one of the limits above.
var ErrTooLarge = errors.New("query too large")

// CheckQuery checks a Scan query against the limits.
func CheckQuery(q Query) error {
	if n := len(q.Match); n > MaxMatch {
		return fmt.Errorf(":match pattern of %d bytes, over the limit of %d: %w", n, MaxMatch, ErrTooLarge)
	}
	return checkKinds(q.Kinds)
}

// CheckSearch checks a Search query against the limits.
func CheckSearch(q SearchQuery) error {
	words := 0
	for _, w := range q.Words {
		if w != "" {
			words++
		}
		if len(w) > MaxMatch {
			return fmt.Errorf("a search word of %d bytes, over the limit of %d: %w", len(w), MaxMatch, ErrTooLarge)
		}
	}
	if words > MaxSearchWords {
		return fmt.Errorf("%d search words, over the limit of %d: %w", words, MaxSearchWords, ErrTooLarge)
	}
	if len(q.Count) > MaxSearchWords {
		return fmt.Errorf("%d words to count, over the limit of %d: %w", len(q.Count), MaxSearchWords, ErrTooLarge)
	}
	for _, w := range q.Count {
		if w == "" {
			return fmt.Errorf("an empty word to count: %w", ErrInvalid)
		}
		if len(w) > MaxMatch {
			return fmt.Errorf("a word to count of %d bytes, over the limit of %d: %w", len(w), MaxMatch, ErrTooLarge)
		}
	}
	return checkKinds(q.Kinds)
}

func checkKinds(kinds []string) error {
	if len(kinds) <= MaxKinds {
		return nil
	}
	distinct := make(map[string]bool, MaxKinds+1)
	for _, k := range kinds {
		distinct[k] = true
		if len(distinct) > MaxKinds {
			return fmt.Errorf("%d kinds (at least %d distinct), over the limit of %d: %w", len(kinds), len(distinct), MaxKinds, ErrTooLarge)
		}
	}
	return nil
}
