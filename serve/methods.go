package serve

import (
	"context"
	"encoding/json"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// method is one JSON-RPC method: where it runs and what it does.
type method struct {
	// inline methods run on the reader goroutine at once (cancel).
	inline bool
	// route picks the session queue the call runs on; a nil slot runs it
	// on a goroutine of its own.
	route func(srv *Server, req request) (*slot, error)
	run   func(srv *Server, ctx context.Context, req request, sl *slot) (any, error)
}

// target is the param every session method takes.
type target struct {
	Session string `json:"session"`
}

// onSession is a method run on its session's queue with params P.
func onSession[P any](fn func(srv *Server, ctx context.Context, s *session.Session, p P) (any, error)) method {
	return method{
		route: routeSession,
		run: func(srv *Server, ctx context.Context, req request, sl *slot) (any, error) {
			var p P
			if err := decodeParams(req.params, &p); err != nil {
				return nil, err
			}
			if sl.s == nil {
				return nil, errorf(CodeNoSession, "session %s is not open", sl.id)
			}
			return fn(srv, ctx, sl.s, p)
		},
	}
}

// routeSession finds the open session the params name. Params that do not
// decode still route when the session is open, so the strict decode on the
// queue reports what is wrong with them.
func routeSession(srv *Server, req request) (*slot, error) {
	var t target
	if len(req.params) > 0 && req.params[0] != '{' {
		return nil, errorf(CodeInvalidParams, "invalid params: params must be an object (by name)")
	}
	if len(req.params) > 0 {
		if err := json.Unmarshal(req.params, &t); err != nil {
			return nil, errorf(CodeInvalidParams, "invalid params: %v", trimJSONError(err))
		}
	}
	return srv.slot(t.Session)
}

// unqueued is a method that needs no session, run on its own goroutine.
func unqueued[P any](fn func(srv *Server, ctx context.Context, p P) (any, error)) method {
	return method{
		route: func(*Server, request) (*slot, error) { return nil, nil },
		run: func(srv *Server, ctx context.Context, req request, _ *slot) (any, error) {
			var p P
			if err := decodeParams(req.params, &p); err != nil {
				return nil, err
			}
			return fn(srv, ctx, p)
		},
	}
}

// methods is the protocol. docs/serve.md documents each.
var methods map[string]method

func init() {
	methods = map[string]method{
		"open":      openMethod(),
		"resume":    resumeMethod(),
		"close":     onSession(closeSession),
		"sessions":  unqueued(listSessions),
		"cancel":    {inline: true, run: cancelMethod},
		"input":     onSession(input),
		"answer":    onSession(answer),
		"eval":      onSession(evalCell),
		"turn":      onSession(turnCell),
		"window":    onSession(window),
		"usage":     onSession(reportUsage),
		"too_large": onSession(reportTooLarge),
		"context":   onSession(contextFigures),
		"evict":     onSession(evictHistory),
		"undo":      onSession(undo),
		"redo":      onSession(redo),
		"continue":  onSession(continueAt),
		"rewind":    onSession(rewindTo),
		"fork":      onSession(fork),
		"tree":      onSession(tree),
		"export":    onSession(exportContext),
		"edit":      onSession(editContext),
	}
}

type textParams struct {
	target
	Text *string `json:"text"`
}

func input(_ *Server, ctx context.Context, s *session.Session, p textParams) (any, error) {
	if p.Text == nil {
		return nil, missing("text")
	}
	seq, err := s.Input(ctx, *p.Text)
	return Seq{Seq: seq}, err
}

func answer(_ *Server, ctx context.Context, s *session.Session, p textParams) (any, error) {
	if p.Text == nil {
		return nil, missing("text")
	}
	seq, err := s.Answer(ctx, *p.Text)
	if err != nil {
		return nil, err
	}
	return Seq{Seq: seq}, nil
}

type evalParams struct {
	target
	Code      *string `json:"code"`
	TimeoutMS int64   `json:"timeout_ms"`
}

func evalCell(srv *Server, ctx context.Context, s *session.Session, p evalParams) (any, error) {
	if p.Code == nil {
		return nil, missing("code")
	}
	timeout, err := srv.cfg.timeoutFor(p.TimeoutMS)
	if err != nil {
		return nil, errorf(CodeInvalidParams, "invalid params: %v", err)
	}
	return runCell(ctx, s, *p.Code, timeout)
}

type windowParams struct {
	target
	Send bool `json:"send"`
}

func window(_ *Server, ctx context.Context, s *session.Session, p windowParams) (any, error) {
	w, err := s.Window(ctx, session.WindowOptions{Send: p.Send})
	if err != nil {
		return nil, err
	}
	return windowOf(w), nil
}

type usageParams struct {
	target
	InputTokens *int `json:"input_tokens"`
}

func reportUsage(_ *Server, ctx context.Context, s *session.Session, p usageParams) (any, error) {
	if p.InputTokens == nil || *p.InputTokens < 0 {
		return nil, errorf(CodeInvalidParams, "invalid params: input_tokens must be a non-negative integer")
	}
	return nil, s.ReportUsage(ctx, *p.InputTokens)
}

type tooLargeParams struct {
	target
	Tokens *int `json:"tokens"`
}

func reportTooLarge(_ *Server, ctx context.Context, s *session.Session, p tooLargeParams) (any, error) {
	if p.Tokens == nil || *p.Tokens <= 0 {
		return nil, errorf(CodeInvalidParams, "invalid params: tokens must be a positive integer")
	}
	return nil, s.ReportTooLarge(ctx, *p.Tokens)
}

func contextFigures(_ *Server, ctx context.Context, s *session.Session, _ target) (any, error) {
	w, err := s.Window(ctx, session.WindowOptions{})
	if err != nil {
		return nil, err
	}
	return figuresOf(w), nil
}

func undo(_ *Server, ctx context.Context, s *session.Session, _ target) (any, error) {
	m, err := s.Undo(ctx, session.UndoOptions{})
	if err != nil {
		return nil, err
	}
	return moveOf(m), nil
}

func redo(_ *Server, ctx context.Context, s *session.Session, _ target) (any, error) {
	m, err := s.Redo(ctx, session.UndoOptions{})
	if err != nil {
		return nil, err
	}
	return moveOf(m), nil
}

type turnParams struct {
	target
	Turn *int64 `json:"turn"`
}

// checkTurn names the turn a continue or rewind takes, refusing one the
// tree does not have.
func checkTurn(ctx context.Context, s *session.Session, p turnParams) (int64, error) {
	if p.Turn == nil {
		return 0, missing("turn")
	}
	turns, err := s.Tree(ctx)
	if err != nil {
		return 0, err
	}
	for _, t := range turns {
		if t.Seq == *p.Turn {
			return t.Seq, nil
		}
	}
	return 0, errorf(CodeRefused, "no turn %d in session %s: turns are input seqs, as tree lists them", *p.Turn, s.ID())
}

func continueAt(_ *Server, ctx context.Context, s *session.Session, p turnParams) (any, error) {
	seq, err := checkTurn(ctx, s, p)
	if err != nil {
		return nil, err
	}
	m, err := s.Continue(ctx, seq)
	if err != nil {
		return nil, err
	}
	return moveOf(m), nil
}

func rewindTo(_ *Server, ctx context.Context, s *session.Session, p turnParams) (any, error) {
	seq, err := checkTurn(ctx, s, p)
	if err != nil {
		return nil, err
	}
	m, err := s.Rewind(ctx, seq, session.UndoOptions{})
	if err != nil {
		return nil, err
	}
	return moveOf(m), nil
}

type forkParams struct {
	target
	Title string `json:"title"`
}

// fork opens the fork in this server too; the caller moves to it by
// naming its id, and the original stays open.
func fork(srv *Server, ctx context.Context, s *session.Session, p forkParams) (any, error) {
	f, err := s.Fork(ctx, p.Title)
	if err != nil {
		return nil, err
	}
	dir := srv.workdirOf(s.ID())
	srv.adopt(f, dir)
	return sessionInfo(f, dir), nil
}

func tree(_ *Server, ctx context.Context, s *session.Session, _ target) (any, error) {
	return treeOf(ctx, s)
}

type cancelParams struct {
	ID      json.RawMessage `json:"id"`
	Session string          `json:"session"`
}

// Cancelled is what cancel returns: how many queued or running requests
// it reached.
type Cancelled struct {
	Cancelled int `json:"cancelled"`
}

func cancelMethod(srv *Server, _ context.Context, req request, _ *slot) (any, error) {
	var p cancelParams
	if err := decodeParams(req.params, &p); err != nil {
		return nil, err
	}
	if p.ID == nil && p.Session == "" {
		return nil, errorf(CodeInvalidParams, "invalid params: cancel takes id (a request's id) or session")
	}
	key := ""
	if p.ID != nil {
		if !validID(p.ID) {
			return nil, errorf(CodeInvalidParams, "invalid params: id must be a string or a number")
		}
		key = string(compact(p.ID))
	}
	return Cancelled{Cancelled: srv.cancelCalls(key, p.Session)}, nil
}

func listSessions(srv *Server, ctx context.Context, _ struct{}) (any, error) {
	all, err := srv.cfg.Store.Sessions(ctx)
	if err != nil {
		return nil, err
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	out := []StoredSession{}
	for _, s := range all {
		_, open := srv.slots[s.ID]
		out = append(out, StoredSession{Session: s.ID, Title: s.Title, Created: s.CreatedAt, Parent: s.Parent, Open: open})
	}
	return map[string]any{"sessions": out}, nil
}

func missing(name string) *Error {
	return errorf(CodeInvalidParams, "invalid params: %s is required", name)
}

// newSessionID is the id an open without one gets, chosen before the open
// runs so that requests pipelined after it find its queue.
func newSessionID() string { return store.NewSessionID() }
