package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/nodelisp/nodelisp/agent"
	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/reader"
	"github.com/nodelisp/nodelisp/store"
)

// agentREPL is the interactive agent: the REPL's terminal (line editing,
// history, the prompt's window share, the slash commands, Ctrl-C) or its
// piped front end, with each line a turn's input for the model.
func (c *command) agentREPL(st store.Store, a *agent.Agent) int {
	r := &repl{c: c, st: st, sess: a.Session, out: c.stdout, msg: c.stderr, width: 80}
	var lines lineState
	a.Emit = func(e agent.Event) { r.showAgentEvent(&lines, e) }
	r.chat = func(ctx context.Context, text string) error {
		lines.reset()
		_, err := a.Turn(ctx, text)
		lines.end(r)
		r.noteFollowed()
		if ctx.Err() != nil {
			fmt.Fprintln(r.out, "cancelled")
			return nil
		}
		if errors.Is(err, agent.ErrInterrupted) {
			// Said in one line; the log keeps the turn, and the REPL goes on.
			fmt.Fprintf(r.msg, "nodelisp: %v\n", err)
			return nil
		}
		return err
	}
	r.noteFollowed()
	r.watchInterrupts()
	defer r.stopInterrupts()
	if inTerm, outTerm := fileTerminal(c.stdin), fileTerminal(c.stdout); inTerm != nil && outTerm != nil {
		r.color = colorWanted(outTerm)
		r.width = termWidth(outTerm)
		return r.terminal(context.Background())
	}
	return r.piped(context.Background())
}

// lineState tracks whether streamed text left the cursor mid-line.
type lineState struct {
	mu      sync.Mutex
	midLine bool
}

func (l *lineState) reset() { l.mu.Lock(); l.midLine = false; l.mu.Unlock() }

// end finishes a streamed line.
func (l *lineState) end(r *repl) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.midLine {
		fmt.Fprintln(r.out)
		l.midLine = false
	}
}

// showAgentEvent prints what the person watches: the answer as it
// streams, each cell and its result, and what a request did to the
// window.
func (r *repl) showAgentEvent(l *lineState, e agent.Event) {
	switch e.Type {
	case "delta":
		l.mu.Lock()
		fmt.Fprint(r.out, e.Text)
		l.midLine = !strings.HasSuffix(e.Text, "\n")
		l.mu.Unlock()
	case "call":
		l.end(r)
		for _, line := range strings.Split(e.Text, "\n") {
			fmt.Fprintf(r.out, "  eval> %s\n", line)
		}
	case "result":
		l.end(r)
		r.println(e.Text)
	case "request":
		l.end(r)
		if line := receiptLine(e.Receipt); line != "" {
			fmt.Fprintf(r.msg, "nodelisp: %s\n", line)
		}
		switch {
		case e.Evicted:
			fmt.Fprintf(r.msg, "nodelisp: evicted: the window is now %s\n", share(e.Tokens, e.Budget))
		case e.Warning:
			fmt.Fprintf(r.msg, "nodelisp: the window is at %s of its budget; the next request still over 85%% evicts down to 50%%\n", share(e.Tokens, e.Budget))
		}
	case "ceiling":
		l.end(r)
		fmt.Fprintf(r.msg, "nodelisp: the provider rejected the request as too large; ceiling %d tokens recorded, evicting and retrying once\n", e.Tokens)
	}
}

// readEntry is readEntry for this REPL: in the agent every line that is
// not a slash command is whole, a turn's input however its parentheses
// stand.
func (r *repl) readEntry(src string) (entry, bool) {
	if r.chat == nil || isSlash(src) {
		return readEntry(src)
	}
	cell, _ := reader.ReadCell("")
	return entry{src: src, cell: cell}, true
}

// responseFigures prints, for /context, the figures of the session's
// newest model response: the provider's usage with its cache reads and
// writes, the stop reason and the latency. A session no model answered
// prints nothing.
func (r *repl) responseFigures(ctx context.Context) error {
	if r.sess.Head() == 0 {
		return nil // a session not yet written (the REPL's, before its first input) has no store row to scan
	}
	res, err := r.st.Scan(ctx, store.Query{Session: r.sess.ID(), Kinds: []string{agent.KindResponse}, Limit: 1, Newest: true})
	if err != nil || len(res.Events) == 0 {
		return err
	}
	var p struct {
		Provider   string      `json:"provider"`
		Model      string      `json:"model"`
		StopReason string      `json:"stop_reason"`
		LatencyMS  int64       `json:"latency_ms"`
		Usage      agent.Usage `json:"usage"`
		Error      string      `json:"error"`
	}
	if err := json.Unmarshal(res.Events[0].Payload, &p); err != nil {
		return fmt.Errorf("model response at seq %d: %w", res.Events[0].Seq, err)
	}
	u := p.Usage
	stop := p.StopReason
	if p.Error != "" {
		stop = "failed: " + p.Error
	}
	fmt.Fprintf(r.out, "last response (seq %d): %s/%s · input %s tokens (cache read %s, cache write %s) · output %s · stop %s · %d ms\n",
		res.Events[0].Seq, p.Provider, p.Model, evict.Grouped(u.Input), evict.Grouped(u.CacheRead), evict.Grouped(u.CacheWrite),
		evict.Grouped(u.Output), stop, p.LatencyMS)
	return nil
}
