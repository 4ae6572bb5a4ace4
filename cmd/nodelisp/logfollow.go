package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/nodelisp/nodelisp/follow"
	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/store"
)

// logFollow is `nodelisp log import --follow --from TOOL [DIR|FILE…]`:
// it imports what the transcripts hold, then what they gain, until
// SIGINT or SIGTERM, and says what it did.
func (c *command) logFollow(from string, paths []string, poll time.Duration) int {
	if len(paths) == 0 {
		dir := toolFolder(from)
		if _, err := os.Stat(dir); err != nil {
			return c.fail(fmt.Errorf("log import --follow: %s's transcripts folder %s: %w (give the folder to follow)", from, dir, err))
		}
		paths = []string{dir}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := c.openStore(ctx)
	if err != nil {
		return c.fail(err)
	}
	defer st.Close()
	stats, err := follow.Run(ctx, st, follow.Options{Format: from, Paths: paths, Poll: poll,
		Holder: importHolder("follow"),
		Notify: func(s string) { fmt.Fprintln(c.stderr, "nodelisp: "+s) }})
	fmt.Fprintf(c.stderr, "followed %d files: %d new sessions, %d grown, %d events, %d lines skipped\n",
		stats.Files, stats.Sessions, stats.Grown, stats.Events, stats.Problems)
	if err != nil && !errors.Is(err, context.Canceled) {
		return c.fail(err)
	}
	return cli.ExitOK
}

// importHolder names this process in the session leases an import takes.
func importHolder(kind string) store.Holder {
	host, _ := os.Hostname()
	return store.Holder{Host: host, PID: os.Getpid(), Kind: kind}
}
