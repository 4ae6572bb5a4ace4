package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"slices"
	"sync"
)

// The Model Context Protocol's stdio transport, served here rather than
// through an SDK: the protocol a tool server needs is small (initialize,
// ping, tools/list, tools/call, cancellation), and a linked SDK's
// package initialisation cost every nodelisp start-up, script or REPL,
// about 1.5 ms (docs/performance.md). The wire is the JSON-RPC of wire.go,
// one message a line. docs/serve.md says what is served.

// mcpVersions are the protocol revisions served, newest first. A client
// asking for another is answered with the newest, as the handshake
// prescribes; the stateless revision of 2026-07-28 (server/discover) is
// not served, and its clients fall back to initialize.
var mcpVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// mcpServer is one MCP connection: the tools and the calls running.
type mcpServer struct {
	name, version, instructions string
	tools                       []mcpTool

	wmu sync.Mutex
	out io.Writer

	mu      sync.Mutex
	running map[string]context.CancelFunc // tools/call requests by id
	wg      sync.WaitGroup
}

// mcpTool is one tool: its listing and its handler. A handler's error is
// the tool's error result (isError), which the model reads; only an
// unknown tool or malformed params are JSON-RPC errors.
type mcpTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
	call        func(ctx context.Context, args json.RawMessage) (*toolResult, error)
}

// toolResult is what a tool call answers: text for the model and, when
// the tool has one, the same answer as a JSON object.
type toolResult struct {
	Content    []textContent `json:"content"`
	Structured any           `json:"structuredContent,omitempty"`
	IsError    bool          `json:"isError,omitempty"`
}

type textContent struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

func text(s string) textContent { return textContent{Type: "text", Text: s} }

// run serves the connection until in ends or ctx is done, then waits for
// the calls still running (cancelled when ctx is done).
func (m *mcpServer) run(ctx context.Context, in io.Reader, maxLine int) error {
	m.running = map[string]context.CancelFunc{}
	handle := func(ctx context.Context, l lineOrErr) { m.line(ctx, l, maxLine) }
	return serveLines(ctx, in, maxLine, "serve --mcp", handle, m.wg.Wait)
}

// line handles one input line. Batches were dropped from the protocol in
// 2025-06-18 and are refused.
func (m *mcpServer) line(ctx context.Context, l lineOrErr, maxLine int) {
	if l.tooLong {
		m.reply(errorResponse(nullID, errorf(CodeInvalidRequest, "invalid request: line longer than %d bytes", maxLine)))
		return
	}
	raw := bytes.TrimSpace(l.line)
	switch {
	case len(raw) == 0:
		return
	case !json.Valid(raw):
		m.reply(errorResponse(nullID, errorf(CodeParseError, "parse error: the line is not valid JSON")))
		return
	case raw[0] == '[':
		m.reply(errorResponse(nullID, errorf(CodeInvalidRequest, "invalid request: MCP has no batches; send one message a line")))
		return
	}
	if isResponse(raw) {
		return // this server sends no requests, so a response answers nothing
	}
	req, bad := decodeRequest(raw)
	if bad != nil {
		m.reply(errorResponse(req.id, bad))
		return
	}
	if req.notification() {
		m.notification(req)
		return
	}
	switch req.method {
	case "initialize":
		m.answer(req.id, m.initialize(req.params), nil)
	case "ping":
		m.answer(req.id, struct{}{}, nil)
	case "tools/list":
		m.answer(req.id, map[string]any{"tools": m.tools}, nil)
	case "tools/call":
		m.callTool(ctx, req)
	default:
		m.reply(errorResponse(req.id, errorf(CodeMethodNotFound, "method not found: %s", req.method)))
	}
}

// isResponse tells a response (result or error, no method) from a request.
func isResponse(raw json.RawMessage) bool {
	var probe struct {
		Method *string         `json:"method"`
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	return json.Unmarshal(raw, &probe) == nil && probe.Method == nil && (probe.Result != nil || probe.Error != nil)
}

// notification handles what a client tells without asking: that it is
// initialized (nothing to do), or that it gave up on a call.
func (m *mcpServer) notification(req request) {
	if req.method != "notifications/cancelled" {
		return
	}
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(req.params, &p) != nil || p.RequestID == nil {
		return
	}
	m.mu.Lock()
	cancel := m.running[string(compact(p.RequestID))]
	m.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

func (m *mcpServer) initialize(params json.RawMessage) any {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	_ = json.Unmarshal(params, &p)
	version := mcpVersions[0]
	if slices.Contains(mcpVersions, p.ProtocolVersion) {
		version = p.ProtocolVersion
	}
	return map[string]any{
		"protocolVersion": version,
		"capabilities":    map[string]any{"tools": map[string]any{"listChanged": false}},
		"serverInfo":      map[string]string{"name": m.name, "version": m.version},
		"instructions":    m.instructions,
	}
}

// callTool runs one tools/call in its own goroutine, so that a ping or a
// cancellation is read while the cell runs.
func (m *mcpServer) callTool(ctx context.Context, req request) {
	var p struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if err := json.Unmarshal(req.params, &p); err != nil || p.Name == "" {
		m.reply(errorResponse(req.id, errorf(CodeInvalidParams, "invalid params: tools/call needs a tool name")))
		return
	}
	i := slices.IndexFunc(m.tools, func(t mcpTool) bool { return t.Name == p.Name })
	if i < 0 {
		m.reply(errorResponse(req.id, errorf(CodeInvalidParams, "unknown tool %q", p.Name)))
		return
	}
	ctx, cancel := context.WithCancel(ctx)
	key := string(req.id)
	m.mu.Lock()
	m.running[key] = cancel
	m.mu.Unlock()
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		defer func() {
			m.mu.Lock()
			delete(m.running, key)
			m.mu.Unlock()
			cancel()
		}()
		res, err := m.tools[i].call(ctx, p.Arguments)
		if err != nil {
			res = &toolResult{Content: []textContent{text(err.Error())}, IsError: true}
		}
		m.answer(req.id, res, nil)
	}()
}

func (m *mcpServer) answer(id json.RawMessage, result any, err error) {
	m.reply(makeResponse(id, result, err))
}

func (m *mcpServer) reply(r *response) {
	b, err := marshal(r)
	if err != nil {
		b, _ = marshal(errorResponse(r.ID, errorf(CodeInternal, "internal error: %v", err)))
	}
	m.wmu.Lock()
	defer m.wmu.Unlock()
	_, _ = m.out.Write(append(b, '\n'))
}
