package main

import (
	"context"
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/store"
)

func init() { subcommands["sessions"] = (*command).sessions }

const sessionsUsage = `Usage: nodelisp sessions [flags]

Lists the store's sessions, oldest first, one a line: the id, the title,
how many events the session appended itself, its last activity, and the
session it was forked from (with the fork point) or "-".

Flags:
`

// sessions is `nodelisp sessions`.
func (c *command) sessions(args []string) int {
	fs := cli.NewFlagSet("nodelisp sessions", sessionsUsage)
	cli.StoreFlags(fs, &c.opts)
	fs.BoolVar(&c.opts.JSON, "json", c.opts.JSON, "print one JSON object a line instead (id, title, events, last, parent, fork_seq)")
	if err := cli.ParseArgs(fs, args, c.stdout); err != nil {
		if err == cli.ErrHelp {
			return cli.ExitOK
		}
		return c.usageError(err)
	}
	if fs.NArg() > 0 {
		return c.usageError(fmt.Errorf("sessions: unexpected argument %q", fs.Arg(0)))
	}
	ctx := context.Background()
	st, err := c.openStore(ctx)
	if err != nil {
		return c.fail(err)
	}
	defer st.Close()
	list, err := st.Sessions(ctx)
	if err != nil {
		return c.fail(err)
	}
	if len(list) == 0 && !c.opts.JSON {
		// Said on stderr, so what a script reads from stdout stays a list.
		fmt.Fprintln(c.stderr, "no sessions in the store yet: the REPL's first turn starts one")
		return cli.ExitOK
	}
	tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	for _, s := range list {
		row, err := summarize(ctx, st, s)
		if err != nil {
			return c.fail(err)
		}
		if c.opts.JSON {
			b, _ := json.Marshal(row)
			fmt.Fprintf(c.stdout, "%s\n", b)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%d events\t%s\t%s\n", row.ID, orDash(row.Title), row.Events, orDash(row.Last), parentText(row))
	}
	if err := tw.Flush(); err != nil {
		return c.fail(err)
	}
	return cli.ExitOK
}

// sessionRow is one line of `nodelisp sessions`.
type sessionRow struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Events  int64  `json:"events"`
	Last    string `json:"last"`
	Parent  string `json:"parent,omitempty"`
	ForkSeq *int64 `json:"fork_seq,omitempty"`
}

// summarize counts a session's own events and finds its newest one, the
// last activity (the creation time when it has none), in one query.
func summarize(ctx context.Context, st store.Store, s store.Session) (sessionRow, error) {
	row := sessionRow{ID: s.ID, Title: s.Title, Parent: s.Parent, ForkSeq: s.ForkSeq, Last: store.FormatTime(s.CreatedAt)}
	r, err := st.Scan(ctx, store.Query{Session: s.ID, Own: true, Limit: 1, Newest: true, Count: true})
	if err != nil {
		return row, fmt.Errorf("sessions: %s: %w", s.ID, err)
	}
	row.Events = r.Matched
	if len(r.Events) > 0 {
		row.Last = store.FormatTime(r.Events[len(r.Events)-1].At)
	}
	return row, nil
}

func parentText(r sessionRow) string {
	if r.Parent == "" {
		return "-"
	}
	if r.ForkSeq != nil {
		return fmt.Sprintf("%s@%d", r.Parent, *r.ForkSeq)
	}
	return r.Parent
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
