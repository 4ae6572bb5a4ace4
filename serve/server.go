package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/nodelisp/nodelisp/session"
)

// Server is the JSON-RPC 2.0 host protocol: one request, response or
// notification a line on its input and output.
type Server struct {
	cfg Config

	wmu sync.Mutex
	out io.Writer

	mu       sync.Mutex
	slots    map[string]*slot // open sessions by id
	inflight map[string]*call // requests queued or running, by id
	wg       sync.WaitGroup   // jobs not yet answered
}

// slot is one open session and the queue its requests run on. s is only
// touched by jobs on q.
type slot struct {
	id      string
	q       queue
	s       *session.Session
	workdir string // the file verbs' root, as resolved at open
}

// call is one request on its way: queued or running.
type call struct {
	req     request
	ctx     context.Context
	cancel  context.CancelFunc
	session string // the session it runs on; "" for none
}

// NewServer returns a server over cfg.Store.
func NewServer(cfg Config) *Server {
	if cfg.MaxLine <= 0 {
		cfg.MaxLine = DefaultMaxLine
	}
	return &Server{
		cfg:   cfg,
		slots: map[string]*slot{}, inflight: map[string]*call{},
	}
}

// Run serves requests read from in, writing responses to out, until in
// ends (then it waits for every request to be answered) or ctx is done
// (then running cells are cancelled). It returns nil at the end of input.
func (srv *Server) Run(ctx context.Context, in io.Reader, out io.Writer) error {
	srv.out = out
	err := serveLines(ctx, in, srv.cfg.MaxLine, "serve", srv.line, srv.wg.Wait)
	// Every request is answered: the sessions still open are closed, so
	// what they hold outside the log (run's mirror) does not outlive the
	// server.
	srv.mu.Lock()
	open := make([]*slot, 0, len(srv.slots))
	for _, sl := range srv.slots {
		open = append(open, sl)
	}
	srv.mu.Unlock()
	for _, sl := range open {
		srv.drop(sl)
	}
	return err
}

// serveLines hands each line of in to handle until in ends or ctx is
// done; then, once the running calls are cancelled (when ctx ended them)
// and wait says they are answered, it returns: nil at the end of input.
// Both protocols, JSON-RPC and MCP, are served by it.
func serveLines(ctx context.Context, in io.Reader, maxLine int, what string, handle func(context.Context, lineOrErr), wait func()) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	lines := make(chan lineOrErr)
	go readLines(newLineReader(in, maxLine), lines)
	var err error
loop:
	for {
		select {
		case <-ctx.Done():
			err = ctx.Err()
			break loop
		case l := <-lines:
			if l.err != nil {
				if !errors.Is(l.err, io.EOF) {
					err = fmt.Errorf("%s: reading requests: %w", what, l.err)
				}
				break loop
			}
			handle(ctx, l)
		}
	}
	if err != nil {
		cancel()
	}
	wait()
	return err
}

type lineOrErr struct {
	line    []byte
	tooLong bool
	err     error
}

// readLines is the one goroutine that reads the input.
func readLines(lr *lineReader, out chan<- lineOrErr) {
	for {
		line, tooLong, err := lr.next()
		out <- lineOrErr{line: line, tooLong: tooLong, err: err}
		if err != nil {
			return
		}
	}
}

// line handles one input line: a request, a notification or a batch.
func (srv *Server) line(ctx context.Context, l lineOrErr) {
	if l.tooLong {
		srv.write(errorResponse(nullID, errorf(CodeInvalidRequest, "invalid request: line longer than %d bytes", srv.cfg.MaxLine)))
		return
	}
	text := bytes.TrimSpace(l.line)
	if len(text) == 0 {
		return
	}
	if !json.Valid(text) {
		srv.write(errorResponse(nullID, errorf(CodeParseError, "parse error: the line is not valid JSON")))
		return
	}
	if text[0] != '[' {
		srv.dispatch(ctx, text, func(r *response) { srv.write(r) })
		return
	}
	var items []json.RawMessage
	if err := json.Unmarshal(text, &items); err != nil || len(items) == 0 {
		srv.write(errorResponse(nullID, errorf(CodeInvalidRequest, "invalid request: an empty batch")))
		return
	}
	srv.batch(ctx, items)
}

// batch dispatches every request of a batch and writes their responses as
// one array once all are answered (nothing when all were notifications).
func (srv *Server) batch(ctx context.Context, items []json.RawMessage) {
	var mu sync.Mutex
	var replies []*response
	var pending sync.WaitGroup
	pending.Add(len(items))
	for _, item := range items {
		srv.dispatch(ctx, item, func(r *response) {
			if r != nil {
				mu.Lock()
				replies = append(replies, r)
				mu.Unlock()
			}
			pending.Done()
		})
	}
	srv.wg.Add(1)
	go func() {
		defer srv.wg.Done()
		pending.Wait()
		if len(replies) > 0 {
			srv.writeJSON(replies)
		}
	}()
}

// dispatch decodes one request and sends it where it runs. reply is called
// exactly once, with nil for a notification (which gets no response).
func (srv *Server) dispatch(ctx context.Context, raw json.RawMessage, reply func(*response)) {
	req, rerr := decodeRequest(raw)
	if rerr != nil {
		reply(errorResponse(req.id, rerr))
		return
	}
	answer := func(result any, err error) {
		if req.notification() {
			reply(nil)
			return
		}
		reply(makeResponse(req.id, result, err))
	}
	m, ok := methods[req.method]
	if !ok {
		answer(nil, errorf(CodeMethodNotFound, "method not found: %s", req.method))
		return
	}
	if m.inline {
		answer(m.run(srv, ctx, req, nil))
		return
	}
	c := &call{req: req}
	c.ctx, c.cancel = context.WithCancel(ctx)
	if err := srv.track(c); err != nil {
		c.cancel()
		answer(nil, err)
		return
	}
	sl, err := m.route(srv, req)
	if err != nil {
		srv.untrack(c)
		answer(nil, err)
		return
	}
	if sl != nil {
		srv.mu.Lock()
		c.session = sl.id
		srv.mu.Unlock()
	}
	job := func() {
		defer srv.untrack(c)
		if c.ctx.Err() != nil {
			answer(nil, errorf(CodeCancelled, "cancelled before it ran"))
			return
		}
		answer(m.run(srv, c.ctx, req, sl))
	}
	if sl == nil {
		go job()
		return
	}
	sl.q.put(job)
}

// track records a call as in flight, so cancel can find it, and counts it
// for Run's wait. A request id still in flight cannot be used again.
func (srv *Server) track(c *call) error {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if !c.req.notification() {
		key := string(c.req.id)
		if _, busy := srv.inflight[key]; busy {
			return errorf(CodeInvalidRequest, "invalid request: id %s is already in use by a request not yet answered", key)
		}
		srv.inflight[key] = c
	}
	srv.wg.Add(1)
	return nil
}

func (srv *Server) untrack(c *call) {
	srv.mu.Lock()
	if !c.req.notification() && srv.inflight[string(c.req.id)] == c {
		delete(srv.inflight, string(c.req.id))
	}
	srv.mu.Unlock()
	c.cancel()
	srv.wg.Done()
}

// slot returns the open session id, or a CodeNoSession error.
func (srv *Server) slot(id string) (*slot, error) {
	if id == "" {
		return nil, errorf(CodeInvalidParams, "invalid params: session is required")
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	sl, ok := srv.slots[id]
	if !ok {
		return nil, &Error{Code: CodeNoSession, Message: fmt.Sprintf("session %s is not open: call open or resume first", id), Data: map[string]string{"session": id}}
	}
	return sl, nil
}

// reserve adds a slot for a session about to be opened, so requests sent
// right after the open queue behind it.
func (srv *Server) reserve(id string) (*slot, error) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if _, ok := srv.slots[id]; ok {
		return nil, errorf(CodeRefused, "session %s is already open", id)
	}
	sl := &slot{id: id}
	srv.slots[id] = sl
	return sl, nil
}

// drop removes a slot: a failed open, or a close.
func (srv *Server) drop(sl *slot) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if srv.slots[sl.id] == sl {
		delete(srv.slots, sl.id)
	}
	if sl.s != nil {
		sl.s.Close()
	}
	sl.s = nil
}

// adopt registers a session opened from another (a fork, which shares
// its options) as open.
func (srv *Server) adopt(s *session.Session, workdir string) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	srv.slots[s.ID()] = &slot{id: s.ID(), s: s, workdir: workdir}
}

func (srv *Server) workdirOf(id string) string {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if sl := srv.slots[id]; sl != nil {
		return sl.workdir
	}
	return ""
}

// cancelCalls cancels the request with id key, or every request of the
// session, and says how many it reached.
func (srv *Server) cancelCalls(key, sessionID string) int {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	n := 0
	for k, c := range srv.inflight {
		if (key != "" && k == key) || (sessionID != "" && c.session == sessionID) {
			c.cancel()
			n++
		}
	}
	return n
}

func (srv *Server) write(r *response) {
	if r != nil {
		srv.writeJSON(r)
	}
}

func (srv *Server) writeJSON(v any) {
	b, err := marshal(v)
	if err != nil {
		b, _ = marshal(errorResponse(nullID, errorf(CodeInternal, "internal error: %v", err)))
	}
	srv.wmu.Lock()
	defer srv.wmu.Unlock()
	_, _ = srv.out.Write(append(b, '\n'))
}

// marshal writes JSON without HTML escaping, so a cell's "<" stays "<".
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func makeResponse(id json.RawMessage, result any, err error) *response {
	if err != nil {
		return errorResponse(id, rpcError(err))
	}
	if result == nil {
		result = struct{}{}
	}
	b, merr := marshal(result)
	if merr != nil {
		return errorResponse(id, errorf(CodeInternal, "internal error: %v", merr))
	}
	return &response{JSONRPC: "2.0", ID: id, Result: b}
}

func errorResponse(id json.RawMessage, e *Error) *response {
	if id == nil {
		id = nullID
	}
	return &response{JSONRPC: "2.0", ID: id, Error: e}
}
