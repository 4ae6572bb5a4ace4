package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"

	ctxfile "github.com/nodelisp/nodelisp/context"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/reader"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// repl is one REPL over one session of a store: each typed cell is a turn
// (its input, a request, its one tool call and result), and slash commands
// look at the session or move about its tree. The terminal and the piped
// front ends share it.
type repl struct {
	c    *command
	st   store.Store
	sess *session.Session
	out  io.Writer // results
	msg  io.Writer // notices and errors
	// color: the terminal takes ANSI colours and NO_COLOR is not set.
	color bool
	// width is the terminal's width in columns, for /context's bar.
	width int

	mu     sync.Mutex
	cancel context.CancelFunc // the running entry's, nil at the prompt
	// pending: an interrupt came after the prompt returned and before
	// the entry began; the entry begins cancelled.
	pending bool
	onIdle  func() // what an interrupt does at the prompt, if anything
	stopped chan struct{}
	// primary is the last primary prompt --echo printed, which the
	// continuation prompts line up with.
	primary string
	// followed is the last Followed line shown.
	followed string
	// chat, when set, takes each line that is not a slash command as a
	// turn's input (`nodelisp agent`, agent_repl.go) instead of a cell.
	chat func(ctx context.Context, text string) error
}

// repl is the command's mode with no arguments: the terminal REPL when
// stdin and stdout are terminals, else the scripted one.
func (c *command) repl() int {
	ctx := context.Background()
	set, err := c.settings()
	if err != nil {
		return c.fail(err)
	}
	if c.opts.JSON {
		return c.usageError(errors.New("--json is for scripts, -e and -: the REPL prints results as text"))
	}
	budgets, err := c.budgets()
	if err != nil {
		return c.fail(err)
	}
	st, err := c.openStore(ctx)
	if err != nil {
		return c.fail(err)
	}
	defer st.Close()
	workdir, err := c.workdir()
	if err != nil {
		return c.fail(err)
	}
	inTerm, outTerm := fileTerminal(c.stdin), fileTerminal(c.stdout)
	atTerminal := inTerm != nil && outTerm != nil
	opts := session.Options{Title: "repl", Model: set.Model, Budgets: budgets, Workdir: workdir, Home: set.Home}
	if atTerminal && prettyResults(os.Getenv(envPretty)) {
		opts.ResultMargin = termWidth(outTerm)
	}
	if err := c.runOptions(set, true, &opts); err != nil {
		return c.fail(err)
	}
	defer killCommandsOnTerm()()
	sess, err := c.openInteractive(ctx, st, opts, "repl")
	if err != nil {
		return c.fail(err)
	}
	// Whatever way the REPL is left (/exit, end of input, a log error),
	// the session gives back what it holds outside the log: run's mirror.
	defer closeSession(c, sess)
	budget := budgets.Resolve(sess.Model(), nil)
	for _, w := range budget.Warnings {
		fmt.Fprintf(c.stderr, "nodelisp: warning: %s\n", w)
	}
	if why := sess.UnknownBudget(false); why != "" && sess.Model() != "" {
		fmt.Fprintf(c.stderr, "nodelisp: warning: the budget is unknown, so nothing is evicted ahead of time: %s\n", why)
	}
	r := &repl{c: c, st: st, sess: sess, out: c.stdout, msg: c.stderr, width: 80}
	r.noteFollowed()
	r.watchInterrupts()
	defer r.stopInterrupts()
	if atTerminal {
		r.color = colorWanted(outTerm)
		r.width = termWidth(outTerm)
		return r.terminal(ctx)
	}
	return r.piped(ctx)
}

// errQuit is /quit's answer: leave the REPL.
var errQuit = errors.New("quit")

// run handles one complete entry under a context that Ctrl-C cancels.
func (r *repl) run(ctx context.Context, e entry) error {
	ctx, cancel := context.WithCancel(ctx)
	r.mu.Lock()
	r.cancel = cancel
	if r.pending {
		cancel()
	}
	r.pending = false
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		r.cancel = nil
		r.mu.Unlock()
		cancel()
	}()
	return r.input(ctx, e)
}

// atPrompt forgets interrupts that came before the prompt is shown again.
func (r *repl) atPrompt() {
	r.mu.Lock()
	r.pending = false
	r.mu.Unlock()
}

// input handles one complete entry: a slash command or a cell. It returns
// errQuit to leave, and other errors when the log failed.
func (r *repl) input(ctx context.Context, e entry) error {
	if e.cell == nil {
		return r.slash(ctx, strings.TrimSpace(e.src))
	}
	if strings.TrimSpace(e.src) == "" {
		return nil
	}
	if isLeave(e.src) {
		return errQuit
	}
	if r.chat != nil {
		return r.chat(ctx, e.src)
	}
	return r.turn(ctx, e.cell)
}

// isLeave reports whether a cell is (exit) or (quit) alone, which leave
// the REPL as they leave SBCL's and every other Lisp's, rather than
// running as a turn.
func isLeave(src string) bool {
	switch strings.ToLower(strings.Join(strings.Fields(src), "")) {
	case "(exit)", "(quit)", "(sb-ext:exit)", "(uiop:quit)":
		return true
	}
	return false
}

// isSlash reports whether an entry is a slash command rather than a cell.
func isSlash(src string) bool {
	return strings.HasPrefix(strings.TrimLeft(src, " \t"), "/")
}

// turn runs one cell as a turn of the session (session.RunCell) and shows
// what it did.
func (r *repl) turn(ctx context.Context, cell *reader.Cell) error {
	t, err := r.sess.RunCell(ctx, cell, session.TurnOptions{})
	if t.Window != nil {
		r.requestNotices(t.Window)
	}
	r.noteFollowed()
	if err != nil {
		return r.cancelled(ctx, err)
	}
	r.println(t.Cell.Text)
	return nil
}

// noteFollowed tells the person when the session moved under them: another
// host's turns followed, or a gone host's lease taken over.
func (r *repl) noteFollowed() {
	if f := r.sess.Followed(); f != "" && f != r.followed {
		fmt.Fprintf(r.msg, "nodelisp: %s\n", f)
		r.followed = f
	}
}

// cancelled turns the failure of a turn that Ctrl-C cancelled into a
// notice, so the REPL carries on; other failures pass through.
func (r *repl) cancelled(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		fmt.Fprintln(r.out, "cancelled")
		return nil
	}
	return err
}

// requestNotices tells the person what a request did to the window: a
// context edit taken or refused, the warning the model would now read,
// or an eviction.
func (r *repl) requestNotices(w *session.Window) {
	if line := receiptLine(w.Receipt); line != "" {
		fmt.Fprintf(r.msg, "nodelisp: %s\n", line)
	}
	switch {
	case w.Evicted:
		fmt.Fprintf(r.msg, "nodelisp: evicted: the window is now %s; turns up to seq %d are recalled from the log\n",
			share(w.Used(), w.Budget), w.Boundary)
	case w.Warning:
		// The figure the agent reads in the warning, not the window with
		// the warning in it.
		fmt.Fprintf(r.msg, "nodelisp: the window is at %d%% of its budget; the next input still over 85%% evicts down to 50%%\n",
			w.WarnPercent)
	}
}

// share is usage as the prompt shows it: a percentage of the budget, or
// the tokens when the budget is unknown.
func share(usage, budget int) string {
	if budget <= 0 {
		return fmt.Sprintf("%s tokens", evict.Grouped(usage))
	}
	return fmt.Sprintf("%d%%", evict.Percent(usage, budget))
}

// prompt is the primary prompt: the session and how full its window is.
func (r *repl) prompt(ctx context.Context) string {
	w, err := r.sess.Window(ctx, session.WindowOptions{})
	if err != nil {
		return r.sess.ID() + " > "
	}
	return fmt.Sprintf("%s %s > ", r.sess.ID(), share(w.Used(), w.Budget))
}

// println writes one result on its own line.
func (r *repl) println(text string) {
	if strings.HasSuffix(text, "\n") {
		fmt.Fprint(r.out, text)
		return
	}
	fmt.Fprintln(r.out, text)
}

// entry is what was typed: a slash command line, or a cell, read once
// when it was checked for completeness and run as read.
type entry struct {
	src  string
	cell *reader.Cell // nil for a slash command
}

// readEntry reads src and reports whether it is a whole entry: a slash
// command line, or a cell the reader does not call incomplete (a
// malformed cell is whole: it is run, and its error shown). A cell of
// comments alone waits for its form, as a ;; note heads the cell it
// belongs to.
func readEntry(src string) (entry, bool) {
	if isSlash(src) {
		return entry{src: src}, true
	}
	cell, err := reader.ReadCell(src)
	whole := !cell.Incomplete() && (err != nil || len(cell.Forms) > 0 || strings.TrimSpace(src) == "")
	return entry{src: src, cell: cell}, whole
}

// watchInterrupts routes SIGINT: it cancels the running entry; at the
// prompt it does what the front end says (liner reads Ctrl-C itself
// there, the terminal being raw, so SIGINT comes only in the moment
// between the prompt and the entry, and is kept for the entry).
func (r *repl) watchInterrupts() {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	r.stopped = make(chan struct{})
	go func() {
		for {
			select {
			case <-sig:
				r.mu.Lock()
				cancel, idle := r.cancel, r.onIdle
				if cancel == nil && idle == nil {
					r.pending = true
				}
				r.mu.Unlock()
				switch {
				case cancel != nil:
					cancel()
				case idle != nil:
					idle()
				}
			case <-r.stopped:
				signal.Stop(sig)
				return
			}
		}
	}()
}

func (r *repl) stopInterrupts() { close(r.stopped) }

// receiptLine is a context edit's receipt in one line: its head ("context
// NONCE · taken as context edit seq N", "… · refused") and, when refused,
// why. The whole receipt is in context.receipt.txt.
func receiptLine(rc *ctxfile.Receipt) string {
	if rc == nil {
		return ""
	}
	line := "context edit: " + rc.Headline()
	if why := rc.Why(); why != "" {
		line += ": " + why
	}
	return line
}

// openInteractive resumes --session or opens a new session (written at its
// first turn) for the REPL or the agent, with the cell memory cap, the
// lease holder's kind (how another host's refusal names this one), and the
// resume's notice on stderr.
func (c *command) openInteractive(ctx context.Context, st store.Store, opts session.Options, kind string) (*session.Session, error) {
	opts.Limits.MaxMemory = c.opts.CellMemory
	opts.Lease.Holder.Kind = kind
	var sess *session.Session
	var err error
	if c.opts.Session != "" {
		sess, err = session.Resume(ctx, st, c.opts.Session, opts)
	} else {
		opts.Deferred = true
		sess, err = session.Open(ctx, st, opts)
	}
	if err != nil {
		return nil, err
	}
	if n := sess.Notice(); n != "" {
		fmt.Fprintf(c.stderr, "nodelisp: %s\n", n)
	}
	return sess, nil
}
