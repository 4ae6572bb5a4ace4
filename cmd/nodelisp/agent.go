package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/nodelisp/nodelisp/agent"
	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

func init() { subcommands["agent"] = (*command).agent }

const agentUsage = `Usage:
  nodelisp agent [flags]                  a model in a REPL: each line is a turn's input
  nodelisp agent -p PROMPT [--json] ...   one turn, headless: prints the final answer

The model answers through one tool, eval, whose cells run in the session;
the session is an ordinary one (recall, /tree, view, serve read it).
Providers, keys and the log's records are in docs/agent.md.

Flags:
`

// agentFlags are the agent's own flags.
type agentFlags struct {
	prompt    string
	json      bool
	resume    bool // --continue
	maxRounds int
	maxTokens int
	// cellTimeout bounds an eval call that gives no timeout_ms.
	cellTimeout time.Duration
}

// agent runs `nodelisp agent`.
func (c *command) agent(args []string) int {
	var f agentFlags
	o := c.opts
	fs := flag.NewFlagSet("nodelisp agent", flag.ContinueOnError)
	fs.StringVar(&f.prompt, "p", "", "run one turn with `PROMPT` as its input and print the final answer")
	fs.BoolVar(&f.json, "json", o.JSON, "with -p, print every event of the turn as a JSON line instead")
	fs.StringVar(&o.Session, "session", o.Session, "resume session `ID`")
	fs.BoolVar(&f.resume, "continue", false, "resume the session of this store that was used last")
	fs.StringVar(&o.Model, "model", o.Model, "the model as `provider/model-id` (default: $NODECODE_MODEL, else \"model\" in config.jsonc)")
	fs.StringVar(&o.DB, "db", o.DB, cli.UsageDB)
	fs.StringVar(&o.Home, "home", o.Home, cli.UsageHome)
	fs.StringVar(&o.Workdir, "workdir", o.Workdir, "the `DIR` the file verbs are confined to (default: the current directory)")
	fs.IntVar(&f.maxRounds, "max-rounds", agent.DefaultMaxRounds, "end a turn after `N` model requests without a final answer")
	fs.DurationVar(&f.cellTimeout, "cell-timeout", agent.DefaultCellTimeout, "stop an eval call after `DURATION` (e.g. 30s, 2m) when it gives no timeout_ms (default: 60s, as serve)")
	fs.IntVar(&f.maxTokens, "max-tokens", agent.DefaultMaxTokens, "bound each answer to `N` tokens")
	fs.Var(cli.CellMemoryFlag(&o.CellMemory), "cell-memory", cli.UsageCellMemory)
	fs.SetOutput(c.stderr)
	fs.Usage = func() {}
	fs.SetOutput(discard{})
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(c.stdout, agentUsage)
			printServeFlags(c.stdout, fs)
			return cli.ExitOK
		}
		return c.agentUsageError(err)
	}
	switch {
	case fs.NArg() > 0:
		return c.agentUsageError(fmt.Errorf("agent: unexpected argument %q (quote the prompt: -p \"...\")", fs.Arg(0)))
	case f.json && f.prompt == "":
		return c.agentUsageError(errors.New("agent: --json is for -p: the interactive agent prints text"))
	case f.resume && o.Session != "":
		return c.agentUsageError(errors.New("agent: --session and --continue both name a session; give one"))
	case f.maxRounds <= 0 || f.maxTokens <= 0:
		return c.agentUsageError(errors.New("agent: --max-rounds and --max-tokens must be positive"))
	case f.cellTimeout <= 0:
		return c.agentUsageError(fmt.Errorf("agent: --cell-timeout must be positive, got %v", f.cellTimeout))
	}
	c.opts = o
	set, err := c.settings()
	if err != nil {
		return c.fail(err)
	}
	if set.Model == "" {
		return c.agentUsageError(errors.New("agent: no model: pass --model provider/model-id (anthropic/claude-sonnet-4-5, openai/gpt-5, ollama/qwen3) or set NODECODE_MODEL"))
	}
	provider, modelID, err := newProvider(set.Model, set.Config, os.Getenv)
	if err != nil {
		fmt.Fprintf(c.stderr, "nodelisp: agent: %v\n", err)
		return cli.ExitError
	}
	ctx := context.Background()
	st, err := c.openStore(ctx)
	if err != nil {
		return c.fail(err)
	}
	defer st.Close()
	if f.resume {
		if c.opts.Session, err = lastUsedSession(ctx, st); err != nil {
			return c.fail(err)
		}
	}
	sess, err := c.agentSession(ctx, st, set.Model)
	if err != nil {
		return c.fail(err)
	}
	defer closeSession(c, sess)
	defer killCommandsOnTerm()()
	a := &agent.Agent{Session: sess, Provider: provider, Model: modelID, MaxRounds: f.maxRounds, MaxTokens: f.maxTokens, CellTimeout: f.cellTimeout}
	if f.prompt != "" {
		return c.headless(a, f)
	}
	return c.agentREPL(st, a)
}

// agentSession opens a new agent session, or resumes the one named.
func (c *command) agentSession(ctx context.Context, st store.Store, model string) (*session.Session, error) {
	set, _ := c.settings()
	budgets, err := c.budgets()
	if err != nil {
		return nil, err
	}
	workdir, err := c.workdir()
	if err != nil {
		return nil, err
	}
	opts := session.Options{Title: "agent", Model: model, System: agent.SystemPrompt, Budgets: budgets, Workdir: workdir, Home: set.Home}
	if err := c.runOptions(set, true, &opts); err != nil {
		return nil, err
	}
	return c.openInteractive(ctx, st, opts, "agent")
}

// lastUsedSession is the session whose newest event is the store's
// newest: what --continue resumes.
func lastUsedSession(ctx context.Context, st store.Store) (string, error) {
	list, err := st.Sessions(ctx)
	if err != nil {
		return "", err
	}
	var best string
	var bestTime int64
	for _, s := range list {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		r, err := st.Scan(ctx, store.Query{Session: s.ID, Limit: 1, Newest: true})
		if err != nil {
			return "", err
		}
		if len(r.Events) == 0 {
			continue
		}
		if t := r.Events[0].At.UnixNano(); best == "" || t >= bestTime {
			best, bestTime = s.ID, t
		}
	}
	if best == "" {
		return "", errors.New("agent: --continue: this store has no session yet; start one with nodelisp agent")
	}
	return best, nil
}

// headless runs one turn for -p and prints its answer, or with --json
// every event of it as a line.
func (c *command) headless(a *agent.Agent, f agentFlags) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	enc := json.NewEncoder(c.stdout)
	if f.json {
		a.Emit = func(e agent.Event) { _ = enc.Encode(e) }
	}
	res, err := a.Turn(ctx, f.prompt)
	if err != nil {
		fmt.Fprintf(c.stderr, "nodelisp: agent: %v\n", err)
		fmt.Fprintf(c.stderr, "nodelisp: agent: session %s keeps the turn; resume it with --session %s\n", a.Session.ID(), a.Session.ID())
		return cli.ExitError
	}
	if !f.json {
		fmt.Fprintln(c.stdout, res.Answer)
	}
	return cli.ExitOK
}

func (c *command) agentUsageError(err error) int {
	fmt.Fprintf(c.stderr, "nodelisp: %v\n", err)
	fmt.Fprintln(c.stderr, "Run 'nodelisp agent --help' for usage.")
	return cli.ExitUsage
}

// discard swallows the flag package's own messages: errors are reported
// in one line by agentUsageError.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
