package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/transcript"
)

// logImportTranscripts is `nodelisp log import --from TOOL FILE|DIR…`:
// each transcript becomes a session, or adds what it has grown by; a file
// that fails is reported and imports nothing, and the others go in.
func (c *command) logImportTranscripts(from string, paths []string) int {
	if !slices.Contains(transcript.Formats, from) {
		return c.usageError(fmt.Errorf("log import: --from %q: give %s", from, strings.Join(transcript.Formats, ", ")))
	}
	if len(paths) == 0 {
		return c.usageError(errors.New("log import --from: give transcript files or directories"))
	}
	ctx := context.Background()
	st, err := c.openStore(ctx)
	if err != nil {
		return c.fail(err)
	}
	defer st.Close()
	stats, err := transcript.Import(ctx, st, from, paths, transcript.Options{Progress: c.progress("imported")})
	c.endProgress()
	skipped := ""
	if stats.Skipped > 0 {
		skipped = fmt.Sprintf(" (%d without a session, skipped)", stats.Skipped)
	}
	fmt.Fprintf(c.stderr, "imported %d files%s: %d new sessions, %d grown, %d events\n",
		stats.Files, skipped, stats.Sessions, stats.Grown, stats.Events)
	if err != nil {
		for _, e := range unjoin(err) {
			fmt.Fprintf(c.stderr, "nodelisp: %v; nothing of that file imported\n", e)
		}
		return cli.ExitError
	}
	return cli.ExitOK
}

// unjoin splits an errors.Join into its errors.
func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
