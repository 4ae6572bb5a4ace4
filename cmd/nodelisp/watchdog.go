package main

import (
	"context"
	"os"
	"time"

	"github.com/nodelisp/nodelisp/internal/cli"
)

// signalGrace is how long serve may take to wind down after SIGTERM or
// SIGINT: running cells are cancelled at once, and if one is stuck where
// cancellation does not reach, the process ends anyway (issue 23).
const signalGrace = time.Second

// exitAfterSignal ends the process signalGrace after ctx, the command's
// signal context, is done. What is in the log stays: every append is
// committed before it is answered.
func exitAfterSignal(ctx context.Context) {
	go func() {
		<-ctx.Done()
		time.Sleep(signalGrace)
		os.Exit(cli.ExitError)
	}()
}
