package session

import (
	"context"
	"fmt"
	"maps"
	"strconv"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/store"
)

// budget is the session model's effective budget, bounded by the lowest
// recorded ceiling.
func (s *Session) budget(st lastEvents) evict.Budget {
	b := s.budgets().Resolve(s.opts.Model, s.overrides())
	tokens, source := evict.Effective(b, st.ceiling.Lowest)
	b.Tokens, b.Source = tokens, source
	return b
}

// budgets is the resolver the session's budget comes from: the host's,
// else one of the session's own over Options.BudgetEnv (nil: no files,
// only the built-in table).
func (s *Session) budgets() *evict.Resolver {
	if s.opts.Budgets == nil {
		var env evict.Env
		if s.opts.BudgetEnv != nil {
			env = *s.opts.BudgetEnv
		}
		s.opts.Budgets = evict.NewResolver(env)
	}
	return s.opts.Budgets
}

// assembly is a window's material: the stub span and the retained turns,
// with the context edits that apply to them.
type assembly struct {
	boundary int64
	span     event.Span
	turns    []*windowTurn
	system   string
	edits    *contextState
}

func (s *Session) assemble(ctx context.Context, st lastEvents) (*assembly, error) {
	edits, err := s.loadContextState(ctx)
	if err != nil {
		return nil, err
	}
	span, err := s.wholeSpan(ctx, st.eviction, st.evictionSeq, edits)
	if err != nil {
		return nil, err
	}
	events, turnSeqs, err := s.pathEvents(ctx, st.eviction.Boundary)
	if err != nil {
		return nil, err
	}
	return &assembly{
		boundary: st.eviction.Boundary,
		span:     span,
		turns:    splitTurns(events, turnSeqs, st.eviction, edits),
		system:   s.opts.System,
		edits:    edits,
	}, nil
}

// window lays the assembly out as messages: system prompt, stub, the turns.
func (a *assembly) window(budget evict.Budget, st lastEvents) *Window {
	w := &Window{Usage: evict.Usage{Boundary: a.boundary, Budget: budget.Tokens, Source: budget.Source}}
	add := func(m Message, part *int) {
		m.Tokens = tokensOf(m.Text)
		w.Messages = append(w.Messages, m)
		*part += m.Tokens
	}
	if a.system != "" {
		add(Message{ID: "system", Role: RoleSystem, Text: a.system}, &w.Usage.System)
	}
	if a.span.Turns > 0 {
		add(Message{ID: "stub", Role: RoleSystem, Text: evict.WholeStub(stubSpan(a.span))}, &w.Usage.Stub)
	}
	for i, t := range a.turns {
		part := &w.Usage.Finished
		if i == len(a.turns)-1 {
			part = &w.Usage.Running
			w.Head = t.input.Seq
		}
		for _, m := range t.messages() {
			if isNoteID(m.ID) {
				add(m, &w.Usage.Notes)
				continue
			}
			add(m, part)
		}
	}
	w.Warned = st.warningSeq > st.evictionSeq
	if reported, ok := st.reportedUsage(w.Messages); ok {
		w.Reported = reported
	}
	return w
}

// request applies the rules of a model request to a built window: the
// warning, eviction, and the request's own record, appended in one call.
func (s *Session) request(ctx context.Context, st lastEvents, a *assembly, w *Window) (*Window, error) {
	prior := evict.Prior{
		Warned:          st.warningSeq > st.evictionSeq,
		CeilingRecorded: st.ceilingSeq > st.requestSeq,
	}
	req := policyRequest(a, w, st.eviction.Boundary)
	req.Warning = tokensOf(evict.Warning(w.Used(), w.Budget))
	d := evict.Decide(prior, req)
	var events []store.NewEvent
	if d.Evict {
		// The provider's figure was for the window before the eviction:
		// from here on usage is the estimate of what is left.
		st.usageSeq = 0
		ev := st.eviction
		// Each pass lays the smaller window out with its stubs grown, and
		// evicts again while that window is still over 50% and more may
		// go. A pass that moves neither the boundary nor a shed point
		// (a running turn at or below the boundary sheds nothing) ends
		// them, so they end.
		for pass := 0; d.Evict; pass++ {
			next := s.advance(a, ev, d.Boundary, d.ShedThrough, "auto")
			if pass > 0 && next.Boundary == ev.Boundary && maps.Equal(next.Shed, ev.Shed) {
				break
			}
			ev = next
			a = s.reassemble(a, ev)
			w = a.window(evict.Budget{Tokens: w.Budget, Source: w.Source}, st)
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			d = evict.Evict(policyRequest(a, w, ev.Boundary))
		}
		events = append(events, store.NewEvent{Kind: event.KindEviction, Turn: s.tree.head, Payload: event.Encode(ev)})
		st.eviction = ev
		w.Evicted = true
		w.Warned = false
	}
	if d.Warn {
		text := evict.Warning(w.Used(), w.Budget)
		w.WarnPercent = evict.Percent(w.Used(), w.Budget)
		w.addWarning(Message{ID: "warn", Role: RoleSystem, Text: text, Tokens: tokensOf(text)})
		events = append(events, store.NewEvent{Kind: event.KindWarning, Turn: s.tree.head, Payload: event.Encode(event.Warning{
			Usage: d.Usage, Budget: w.Budget, Percent: evict.Percent(d.Usage, w.Budget), Text: text,
		})})
	}
	events = append(events, store.NewEvent{Kind: event.KindRequest, Turn: s.tree.head, Payload: event.Encode(event.Request{
		Messages: len(w.Messages), Tokens: w.Used(), Head: s.tree.head,
	})})
	if s.tree.head == 0 {
		// Before the first input there is no turn to hang events on, and
		// nothing to evict: a request then records nothing.
		return w, nil
	}
	if _, err := s.append(ctx, events...); err != nil {
		return nil, err
	}
	return w, nil
}

// policyRequest is the eviction policy's view of a laid-out window.
func policyRequest(a *assembly, w *Window, boundary int64) evict.Request {
	req := evict.Request{Budget: w.Budget, Fixed: w.Usage.System + w.Usage.Stub, Usage: w.Used(), Boundary: boundary}
	for i, t := range a.turns {
		req.Turns = append(req.Turns, t.evictTurn(i < len(a.turns)-1))
	}
	return req
}

// advance computes the eviction state after moving the boundary to
// boundary (when it is ahead) and shedding the running turn through shed.
func (s *Session) advance(a *assembly, old event.Eviction, boundary, shed int64, why string) event.Eviction {
	next := event.Eviction{Boundary: max(old.Boundary, boundary), Shed: map[string]int64{}, Why: why}
	path := s.tree.path(s.tree.head)
	next.Through = lastEvicted(path[:max(len(path)-1, 0)], next.Boundary) // head is never evicted
	var newly event.Span
	for _, t := range a.turns {
		if !s.evicted(t.input.Seq, next.Boundary) {
			if v := old.ShedThrough(t.input.Seq); v > 0 {
				next.Shed[strconv.FormatInt(t.input.Seq, 10)] = v
			}
			continue
		}
		addFigures(&newly, t.input)
		for _, r := range t.rounds {
			for _, e := range r {
				addFigures(&newly, e)
			}
		}
		newly.Notes = append(newly.Notes, a.edits.noteRecords(t.input.Seq, nil)...)
		newly.Turns++
	}
	next.Span = mergeSpans(a.span, newly)
	if shed > 0 && len(a.turns) > 0 {
		run := a.turns[len(a.turns)-1]
		if !s.evicted(run.input.Seq, next.Boundary) {
			key := strconv.FormatInt(run.input.Seq, 10)
			next.Shed[key] = max(next.Shed[key], shed)
		}
	}
	return next
}

// reassemble applies a new eviction state to an assembly without reading
// the log again: evicted turns leave, shed points move.
func (s *Session) reassemble(a *assembly, ev event.Eviction) *assembly {
	out := &assembly{boundary: ev.Boundary, span: ev.Span, system: a.system, edits: a.edits}
	for _, t := range a.turns {
		if s.evicted(t.input.Seq, ev.Boundary) {
			continue
		}
		t.shed = ev.ShedThrough(t.input.Seq)
		out.turns = append(out.turns, t)
	}
	return out
}

func lastEvicted(path []int64, boundary int64) int64 {
	var last int64
	for _, t := range path {
		if t <= boundary {
			last = t
		}
	}
	return last
}

// ReportUsage records the provider's input-token count for the newest
// request; until the window changes, usage is that figure plus estimates
// of what came after.
func (s *Session) ReportUsage(ctx context.Context, inputTokens int) error {
	st, err := s.loadLastEvents(ctx)
	if err != nil {
		return err
	}
	_, err = s.append(ctx, store.NewEvent{Kind: event.KindUsage, Turn: s.tree.head,
		Payload: event.Encode(event.Usage{Request: st.requestSeq, InputTokens: inputTokens})})
	return err
}

// ReportTooLarge records that a request of tokens was rejected as too
// large: a ceiling. From now on the budget is at most the lowest ceiling,
// and the next request evicts at once.
func (s *Session) ReportTooLarge(ctx context.Context, tokens int) error {
	if tokens <= 0 {
		return fmt.Errorf("ceiling must be positive, got %d", tokens)
	}
	st, err := s.loadLastEvents(ctx)
	if err != nil {
		return err
	}
	lowest := tokens
	if st.ceiling.Lowest > 0 {
		lowest = min(lowest, st.ceiling.Lowest)
	}
	_, err = s.append(ctx, store.NewEvent{Kind: event.KindCeiling, Turn: s.tree.head,
		Payload: event.Encode(event.Ceiling{Tokens: tokens, Lowest: lowest})})
	return err
}
