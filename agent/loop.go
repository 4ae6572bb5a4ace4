package agent

import (
	"context"
	"errors"
	"fmt"
	"time"

	ctxfile "github.com/nodelisp/nodelisp/context"

	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/session"
)

// DefaultMaxRounds is the rounds cap of a turn when none is set.
const DefaultMaxRounds = 50

// DefaultMaxTokens bounds each answer when none is set.
const DefaultMaxTokens = 8192

// DefaultCellTimeout is how long an eval call runs when it gives no
// timeout_ms: serve's default (--cell-timeout), so a model's (loop) ends
// in a minute in either host rather than at the step limit.
const DefaultCellTimeout = 60 * time.Second

// Agent runs turns of a session with a model behind it.
type Agent struct {
	Session   *session.Session
	Provider  Provider
	Model     string // the model id the provider is sent
	MaxTokens int    // an answer's bound; 0: DefaultMaxTokens
	MaxRounds int    // requests per turn; 0: DefaultMaxRounds
	// CellTimeout bounds an eval call that gives no timeout_ms; 0 is
	// DefaultCellTimeout.
	CellTimeout time.Duration
	// Emit, when set, is told each event of a turn as it happens.
	Emit func(Event)
}

// Event is what a front end is told as a turn runs (--json prints each
// as a line).
type Event struct {
	Type string `json:"type"` // input, request, delta, response, answer, call, result, ceiling, interrupted, end
	Seq  int64  `json:"seq,omitempty"`
	Text string `json:"text,omitempty"`
	// Request's figures.
	Round    int  `json:"round,omitempty"`
	Messages int  `json:"messages,omitempty"`
	Tokens   int  `json:"tokens,omitempty"`
	Budget   int  `json:"budget,omitempty"`
	Warning  bool `json:"warning,omitempty"`
	Evicted  bool `json:"evicted,omitempty"`
	// Receipt is what the request did with a pending context edit, for
	// a front end to render; ReceiptText is its whole text, as --json
	// sends it.
	Receipt     *ctxfile.Receipt `json:"-"`
	ReceiptText string           `json:"receipt,omitempty"`
	// Response's figures.
	StopReason string `json:"stop_reason,omitempty"`
	Usage      *Usage `json:"usage,omitempty"`
	LatencyMS  int64  `json:"latency_ms,omitempty"`
	Error      bool   `json:"error,omitempty"`
}

// Result is how a turn ended.
type Result struct {
	Input  int64
	Answer string // the final answer's text
	Rounds int
	Usage  Usage // the last response's
}

// ErrInterrupted wraps the reason a turn ended without an answer; the
// turn is recorded as interrupted and nothing before it is lost.
var ErrInterrupted = errors.New("turn interrupted")

// Turn runs one turn: input opens it, and rounds follow (a request, the
// response logged, each eval call run as a cell) until the model answers
// without a call, the rounds cap is reached, the provider fails or ctx
// is cancelled.
func (a *Agent) Turn(ctx context.Context, input string) (Result, error) {
	s := a.Session
	seq, err := s.Input(ctx, input)
	if err != nil {
		return Result{}, err
	}
	a.emit(Event{Type: "input", Seq: seq, Text: input})
	res := Result{Input: seq}
	for round := 1; ; round++ {
		if round > a.maxRounds() {
			return res, a.interrupt(ctx, fmt.Errorf("the turn reached its cap of %d rounds without a final answer (raise it with --max-rounds)", a.maxRounds()))
		}
		res.Rounds = round
		resp, err := a.round(ctx, round)
		if err != nil {
			return res, a.interrupt(ctx, err)
		}
		res.Usage = resp.Usage
		if len(resp.Calls) == 0 {
			res.Answer = resp.Text
			a.emit(Event{Type: "end", Seq: seq, Text: resp.Text})
			return res, nil
		}
		for _, c := range resp.Calls {
			if err := a.runCall(ctx, c); err != nil {
				return res, a.interrupt(ctx, err)
			}
		}
	}
}

// round sends one request (evicting and retrying once when the provider
// says it is too large) and logs the response.
func (a *Agent) round(ctx context.Context, round int) (Response, error) {
	retried := false
	for {
		w, err := a.Session.Window(ctx, session.WindowOptions{Send: true})
		if err != nil {
			return Response{}, err
		}
		req := Translate(w, a.Model, a.maxTokens())
		req.EvalDescription = session.EvalToolDescription(a.Session.AllowsRun())
		a.emit(Event{Type: "request", Round: round, Messages: len(req.Messages), Tokens: w.Used(), Budget: w.Budget,
			Warning: w.Warning, Evicted: w.Evicted, Receipt: w.Receipt, ReceiptText: receiptText(w.Receipt)})
		start := time.Now()
		resp, err := a.Provider.Send(ctx, req, func(t string) { a.emit(Event{Type: "delta", Text: t}) })
		latency := time.Since(start)
		var tooLarge *TooLargeError
		if errors.As(err, &tooLarge) {
			if retried {
				return Response{}, fmt.Errorf("%w, again after evicting; the turn ends here", err)
			}
			retried = true
			ceiling := tooLarge.Limit
			if ceiling <= 0 || ceiling >= w.Used() {
				// No limit named, or one the window's estimate is under:
				// the request's own size is the ceiling then.
				ceiling = w.Used()
			}
			if err := a.Session.ReportTooLarge(ctx, max(ceiling, 1)); err != nil {
				return Response{}, err
			}
			a.emit(Event{Type: "ceiling", Tokens: max(ceiling, 1), Text: tooLarge.Message})
			continue
		}
		if logErr := a.logResponse(ctx, resp, latency, err); logErr != nil {
			return Response{}, errors.Join(err, logErr)
		}
		if err != nil {
			return resp, err
		}
		return resp, nil
	}
}

// logResponse records a response: its figures, then its answer text and
// the usage it reports. A response cut short keeps what arrived.
func (a *Agent) logResponse(ctx context.Context, resp Response, latency time.Duration, failed error) error {
	// The response is logged even when ctx was cancelled mid-stream.
	lctx := context.WithoutCancel(ctx)
	p := event.ModelResponse{Provider: a.Provider.Name(), Model: resp.Model, StopReason: resp.StopReason,
		LatencyMS: latency.Milliseconds(), Usage: resp.Usage, Thinking: resp.Thinking}
	if p.Model == "" {
		p.Model = a.Model
	}
	for _, c := range resp.Calls {
		p.Calls = append(p.Calls, c.Input)
	}
	if failed != nil {
		p.Error, p.Text = failed.Error(), resp.Text
	}
	seq, err := a.Session.Record(lctx, KindResponse, event.Encode(p))
	if err != nil {
		return err
	}
	u := resp.Usage
	a.emit(Event{Type: "response", Seq: seq, StopReason: resp.StopReason, Usage: &u, LatencyMS: p.LatencyMS, Error: failed != nil})
	if failed != nil && resp.Text == "" {
		return nil
	}
	if resp.Text != "" {
		aseq, err := a.Session.Answer(lctx, resp.Text)
		if err != nil {
			return err
		}
		a.emit(Event{Type: "answer", Seq: aseq, Text: resp.Text})
	}
	if failed == nil && u.Input > 0 {
		return a.Session.ReportUsage(lctx, u.Input)
	}
	return nil
}

// runCall runs one eval call as a cell of the running turn.
func (a *Agent) runCall(ctx context.Context, c Call) error {
	a.emit(Event{Type: "call", Text: c.Code})
	res, err := a.Session.Eval(ctx, c.Code, session.TurnOptions{Timeout: a.cellTimeout(c)})
	if err != nil {
		return err
	}
	a.emit(Event{Type: "result", Seq: res.ResultSeq, Text: res.Window, Error: res.Error})
	if res.Stopped == "cancel" {
		return context.Cause(ctx)
	}
	return nil
}

// interrupt records why a turn ended without an answer and returns it.
func (a *Agent) interrupt(ctx context.Context, reason error) error {
	why := reason.Error()
	if errors.Is(reason, context.Canceled) {
		why = "cancelled by the user"
	}
	seq, err := a.Session.Record(context.WithoutCancel(ctx), KindInterrupted, event.Encode(event.TurnInterrupted{Reason: why}))
	a.emit(Event{Type: "interrupted", Seq: seq, Text: why})
	return errors.Join(fmt.Errorf("%w: %s", ErrInterrupted, why), err)
}

func (a *Agent) emit(e Event) {
	if a.Emit != nil {
		a.Emit(e)
	}
}

// cellTimeout is how long call c may run: its own timeout_ms, else the
// agent's default.
func (a *Agent) cellTimeout(c Call) time.Duration {
	switch {
	case c.TimeoutMS > 0:
		return time.Duration(c.TimeoutMS) * time.Millisecond
	case a.CellTimeout > 0:
		return a.CellTimeout
	}
	return DefaultCellTimeout
}

func (a *Agent) maxRounds() int {
	if a.MaxRounds > 0 {
		return a.MaxRounds
	}
	return DefaultMaxRounds
}

func (a *Agent) maxTokens() int {
	if a.MaxTokens > 0 {
		return a.MaxTokens
	}
	return DefaultMaxTokens
}

// receiptText is a receipt's text; "" for none.
func receiptText(rc *ctxfile.Receipt) string {
	if rc == nil {
		return ""
	}
	return rc.Text()
}
