package view

import "time"

// when is a time as the pages show it: UTC, to the second.
func when(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.UTC().Format("2006-01-02 15:04:05")
}
