package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/store/jsonl"
	"github.com/nodelisp/nodelisp/transcript"
)

func init() { subcommands["log"] = (*command).log }

const logUsage = `Usage:
  nodelisp log export [--session ID]… [--out FILE]   write sessions as JSON Lines (default: every session, to stdout)
  nodelisp log import FILE.jsonl                     add the sessions of a file (- for stdin), all or none
  nodelisp log import --from TOOL FILE|DIR…          add other agents' transcripts (claude-code, codex, pi)
  nodelisp log import --follow --from TOOL [DIR|FILE…]  keep adding them as the agent writes (default: the tool's folder)
  nodelisp log import --hook --from TOOL             add the transcript a tool's hook names (JSON on stdin or as the last argument)
  nodelisp log gen --sessions N --events M [--out FILE]  make a synthetic log (default: into the store)

Run 'nodelisp log COMMAND --help' for a command's flags.
`

// log is `nodelisp log`: moving sessions in and out of the store.
func (c *command) log(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(c.stderr, logUsage)
		return cli.ExitUsage
	}
	switch args[0] {
	case "export":
		return c.logExport(args[1:])
	case "import":
		return c.logImport(args[1:])
	case "gen":
		return c.logGen(args[1:])
	case "-h", "-help", "--help", "help":
		fmt.Fprint(c.stdout, logUsage)
		return cli.ExitOK
	}
	return c.usageError(fmt.Errorf("log: unknown command %q (export, import or gen)", args[0]))
}

// subFlags parses a subcommand's flags; done is set when the command
// should exit with status at once (help, or a usage error).
func (c *command) subFlags(fs *flag.FlagSet, args []string) (status int, done bool) {
	if err := cli.ParseArgs(fs, args, c.stdout); err != nil {
		if err == cli.ErrHelp {
			return cli.ExitOK, true
		}
		return c.usageError(err), true
	}
	return 0, false
}

// sessionList is a repeatable --session flag.
type sessionList []string

func (l *sessionList) String() string { return fmt.Sprint([]string(*l)) }
func (l *sessionList) Set(v string) error {
	*l = append(*l, v)
	return nil
}

func (c *command) logExport(args []string) int {
	fs := cli.NewFlagSet("nodelisp log export", "Usage: nodelisp log export [flags] > file.jsonl\n\nWrites sessions, parents before their forks, each session's line then its own events in seq order.\n\nFlags:\n")
	cli.StoreFlags(fs, &c.opts)
	var ids sessionList
	if c.opts.Session != "" {
		ids = append(ids, c.opts.Session)
	}
	fs.Var(&ids, "session", "export session `ID`; repeat for more (default: every session)")
	out := fs.String("out", "", "write to `FILE` (default: stdout)")
	if status, done := c.subFlags(fs, args); done {
		return status
	}
	if fs.NArg() > 0 {
		return c.usageError(fmt.Errorf("log export: unexpected argument %q", fs.Arg(0)))
	}
	ctx := context.Background()
	st, err := c.openStore(ctx)
	if err != nil {
		return c.fail(err)
	}
	defer st.Close()
	return c.writeTo(*out, func(w io.Writer) error {
		stats, err := jsonl.Export(ctx, st, w, jsonl.ExportOptions{Sessions: ids, Progress: c.progress("exported")})
		c.endProgress()
		if err == nil {
			fmt.Fprintf(c.stderr, "exported %d sessions, %d events\n", stats.Sessions, stats.Events)
		}
		return err
	})
}

func (c *command) logImport(args []string) int {
	fs := cli.NewFlagSet("nodelisp log import", "Usage: nodelisp log import [flags] FILE.jsonl\n\nAdds every session of the file (- reads stdin) with its events as given, seqs and times included.\nThe whole file is checked first: a malformed line, or a session id the store has, imports nothing.\n\nFlags:\n")
	cli.StoreFlags(fs, &c.opts)
	from := fs.String("from", "", "read `TOOL`'s transcripts (claude-code, codex or pi): FILE… or directories of them (default: nodelisp's own JSON Lines)")
	followFlag := fs.Bool("follow", false, "keep running, importing what the transcripts gain as the tool writes them, until SIGINT or SIGTERM (needs --from; default paths: the tool's own folder)")
	hook := fs.Bool("hook", false, "import the transcript named by a tool's hook JSON, read from stdin or the last argument (Claude Code's hooks, Codex's notify; needs --from)")
	poll := fs.Duration("poll", 0, "with --follow, poll at this `INTERVAL` instead of inotify (default: inotify where it works)")
	if status, done := c.subFlags(fs, args); done {
		return status
	}
	if (*followFlag || *hook) && *from == "" {
		return c.usageError(errors.New("log import: --follow and --hook need --from claude-code, codex or pi"))
	}
	if *from != "" && !slices.Contains(transcript.Formats, *from) {
		return c.usageError(fmt.Errorf("log import: --from %q: give %s", *from, strings.Join(transcript.Formats, ", ")))
	}
	switch {
	case *followFlag && *hook:
		return c.usageError(errors.New("log import: give --follow or --hook, not both"))
	case *followFlag:
		return c.logFollow(*from, fs.Args(), *poll)
	case *hook:
		return c.logHook(*from, fs.Args())
	case *from != "":
		return c.logImportTranscripts(*from, fs.Args())
	}
	if fs.NArg() != 1 {
		return c.usageError(errors.New("log import: give one file (or - for stdin)"))
	}
	name := fs.Arg(0)
	if format := transcript.Sniff(name); format != "" && name != "-" {
		return c.usageError(fmt.Errorf("log import: %s looks like a %s transcript: nodelisp log import --from %s %s", name, format, format, name))
	}
	var in io.Reader = c.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return c.fail(err)
		}
		defer f.Close()
		in = f
	}
	ctx := context.Background()
	st, err := c.openStore(ctx)
	if err != nil {
		return c.fail(err)
	}
	defer st.Close()
	stats, err := jsonl.Import(ctx, st, in, jsonl.ImportOptions{Progress: c.progress("imported")})
	c.endProgress()
	if err != nil {
		var le *jsonl.LineError
		if errors.As(err, &le) {
			fmt.Fprintf(c.stderr, "nodelisp: %s:%d: %v; nothing imported\n", name, le.Line, le.Err)
			return cli.ExitError
		}
		return c.fail(fmt.Errorf("%s: %w; nothing imported", name, err))
	}
	fmt.Fprintf(c.stderr, "imported %d sessions, %d events\n", stats.Sessions, stats.Events)
	return cli.ExitOK
}

// writeTo runs write on the file named (stdout for ""), removing a file
// left half written by a failure.
func (c *command) writeTo(name string, write func(io.Writer) error) int {
	if name == "" {
		if err := write(c.stdout); err != nil {
			return c.fail(err)
		}
		return cli.ExitOK
	}
	f, err := os.Create(name)
	if err != nil {
		return c.fail(err)
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		return c.fail(err)
	}
	return cli.ExitOK
}

// progress returns a callback drawing one updating progress line on
// stderr when it is a terminal, and nil (no progress) when it is not.
func (c *command) progress(verb string) jsonl.Progress {
	if !isTerminalWriter(c.stderr) {
		return nil
	}
	return func(s jsonl.Stats) {
		fmt.Fprintf(c.stderr, "\r%s %d lines, %d events…", verb, s.Lines, s.Events)
	}
}

// endProgress clears the progress line, if one was drawn.
func (c *command) endProgress() {
	if isTerminalWriter(c.stderr) {
		fmt.Fprint(c.stderr, "\r\x1b[K")
	}
}
