package ctxfile

import (
	"regexp"
	"testing"
)

// isHeaderID is the regexp the parser once compiled at start-up, written
// out; this holds the two to the same answers.
func TestHeaderIDShapes(t *testing.T) {
	want := regexp.MustCompile(`^([1-9][0-9]{0,18}|note-[1-9][0-9]{0,18}-[0-9]{1,9}|system|stub|turnstub|warn)$`)
	cases := []string{
		"", "0", "1", "01", "9", "12", "1234567890123456789", "12345678901234567890",
		"note-", "note-1", "note-1-", "note-1-0", "note-0-1", "note-12-123456789", "note-12-1234567890",
		"note-1-2-3", "note-x-1", "note-1-x", "system", "systems", "stub", "turnstub", "warn", "Warn",
		"-1", "1a", " 1", "note-1-1 ", "note--1",
	}
	for _, c := range cases {
		if got, w := isHeaderID(c), want.MatchString(c); got != w {
			t.Errorf("isHeaderID(%q) = %v, the regexp says %v", c, got, w)
		}
	}
}
