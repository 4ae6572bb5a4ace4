package store

import (
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"strings"
	"unicode"
)

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

func randomID(nbytes int) string {
	b := make([]byte, nbytes)
	rand.Read(b)
	return idEncoding.EncodeToString(b)
}

// NewSessionID returns a short random session id: "s-" and eight base32
// characters.
func NewSessionID() string { return "s-" + randomID(5) }

// NewStoreID returns a random store id, recorded once when a store is
// created.
func NewStoreID() string { return randomID(10) }

// CheckID reports whether id can name a session: it also names a folder
// of the context file paths, so it may not be empty, "." or "..", hold a
// slash or a control character, or run past 200 bytes.
func CheckID(id string) error {
	switch {
	case id == "" || id == "." || id == "..":
		return fmt.Errorf("session id %q: %w", id, ErrInvalid)
	case len(id) > 200:
		return fmt.Errorf("session id longer than 200 bytes: %w", ErrInvalid)
	case strings.ContainsAny(id, `/\`) || strings.IndexFunc(id, unicode.IsControl) >= 0:
		return fmt.Errorf("session id %q holds a slash or control character: %w", id, ErrInvalid)
	}
	return nil
}
