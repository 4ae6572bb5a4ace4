package store

import (
	"fmt"
	"time"
)

// TimeFormat is how event and session times are written: UTC with
// microseconds, as in 2026-11-30T10:00:00.000000Z.
const TimeFormat = "2006-01-02T15:04:05.000000Z"

// Now is the time a store stamps on an append: UTC, microseconds.
func Now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// FormatTime writes t in TimeFormat.
func FormatTime(t time.Time) string { return t.UTC().Format(TimeFormat) }

// ParseTime reads a time written exactly in TimeFormat.
func ParseTime(s string) (time.Time, error) {
	t, err := time.Parse(TimeFormat, s)
	if err != nil || t.Format(TimeFormat) != s {
		return time.Time{}, fmt.Errorf("time %q is not of the form 2026-11-30T10:00:00.000000Z", s)
	}
	return t, nil
}
