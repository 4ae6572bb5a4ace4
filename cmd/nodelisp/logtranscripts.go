package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/transcript"
)

// logImportTranscripts is `nodelisp log import --from TOOL FILE|DIR…`:
// each transcript becomes a session, or adds what it has grown by; a file
// that fails is reported and imports nothing, and the others go in.
func (c *command) logImportTranscripts(from string, paths []string) int {
	if len(paths) == 0 {
		return c.usageError(errors.New("log import --from: give transcript files or directories"))
	}
	ctx := context.Background()
	st, err := c.openStore(ctx)
	if err != nil {
		return c.fail(err)
	}
	defer st.Close()
	stats, err := transcript.Import(ctx, st, from, paths, transcript.Options{Progress: c.progress("imported"), Holder: importHolder("import")})
	c.endProgress()
	return c.importReport(stats, err)
}

// importReport says what a transcript import did: the totals, then each
// line skipped and each file that failed.
func (c *command) importReport(stats transcript.Stats, err error) int {
	skipped := ""
	if stats.Skipped > 0 {
		skipped = fmt.Sprintf(" (%d without a session, skipped)", stats.Skipped)
	}
	fmt.Fprintf(c.stderr, "imported %d files%s: %d new sessions, %d grown, %d events\n",
		stats.Files, skipped, stats.Sessions, stats.Grown, stats.Events)
	if err == nil {
		return cli.ExitOK
	}
	for _, e := range unjoin(err) {
		var le *transcript.LineError
		if errors.As(e, &le) {
			fmt.Fprintf(c.stderr, "nodelisp: %v; line skipped, the rest of the file imported\n", e)
		} else {
			fmt.Fprintf(c.stderr, "nodelisp: %v; nothing of that file imported\n", e)
		}
	}
	return cli.ExitError
}

// logHook is `nodelisp log import --hook --from TOOL`: the transcript the
// tool's hook JSON names is imported, so it is stored before the tool
// compacts or ends the session.
func (c *command) logHook(from string, args []string) int {
	path, what, err := c.hookTranscript(from, args)
	if err != nil {
		return c.fail(err)
	}
	ctx := context.Background()
	st, err := c.openStore(ctx)
	if err != nil {
		return c.fail(err)
	}
	defer st.Close()
	stats, err := transcript.Import(ctx, st, from, []string{path}, transcript.Options{Holder: importHolder("hook")})
	fmt.Fprintf(c.stderr, "nodelisp: %s: %s\n", what, path)
	return c.importReport(stats, err)
}

// unjoin splits an errors.Join into its errors.
func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
