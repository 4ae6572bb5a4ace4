package serve

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/nodelisp/nodelisp/session"
)

// MCPOptions configure the Model Context Protocol server.
type MCPOptions struct {
	// Session resumes this session; "" opens a new one at the first call
	// that needs it.
	Session string
	// Version is the server version the client is told.
	Version string
	// Notices, when set, gets the one line a resume says when it changed
	// the session's logged model or system prompt (MCP's stdout is the
	// protocol's, so the command gives its stderr).
	Notices io.Writer
}

// RunMCP serves the Model Context Protocol over in and out (newline-
// delimited JSON-RPC, as MCP's stdio transport) until the client goes away
// or ctx is done. The connection is one session: each eval call is a turn
// whose input is the cell, as in the REPL.
func RunMCP(ctx context.Context, cfg Config, opts MCPOptions, in io.Reader, out io.Writer) error {
	h := &mcpHost{cfg: cfg, resume: opts.Session, recall: &recaller{st: cfg.Store}}
	if opts.Session != "" {
		// Resume at once, so a wrong id fails the command rather than the
		// first tool call.
		if err := h.open(ctx, opts.Session); err != nil {
			return err
		}
		if n := h.s.Notice(); n != "" && opts.Notices != nil {
			fmt.Fprintln(opts.Notices, "nodelisp: "+n)
		}
	}
	version := opts.Version
	if version == "" {
		version = "dev"
	}
	maxLine := cfg.MaxLine
	if maxLine <= 0 {
		maxLine = DefaultMaxLine
	}
	m := &mcpServer{name: "nodelisp", version: version, instructions: mcpInstructions, tools: h.tools(), out: out}
	defer h.close()
	return m.run(ctx, in, maxLine)
}

// close closes the connection's session as the connection ends, giving
// back what it holds outside the log (run's mirror).
func (h *mcpHost) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.s != nil {
		h.s.Close()
		h.s = nil
	}
}

// mcpHost is the one session of an MCP connection. mu holds one tool call
// at a time: a session is not safe for concurrent use.
type mcpHost struct {
	cfg    Config
	resume string
	recall *recaller // the recall tools, which need no session

	mu      sync.Mutex
	s       *session.Session
	workdir string // the file verbs' root, as resolved at open
}

// open resumes session id, or opens a new session when id is "".
func (h *mcpHost) open(ctx context.Context, id string) error {
	dir, err := resolveWorkdir("", h.cfg.Workdir)
	if err != nil {
		return err
	}
	opts := h.cfg.sessionOptions("", "", dir)
	var s *session.Session
	if id != "" {
		s, err = session.Resume(ctx, h.cfg.Store, id, opts)
	} else {
		opts.Title = "mcp"
		s, err = session.Open(ctx, h.cfg.Store, opts)
	}
	if err != nil {
		return err
	}
	if h.s != nil {
		h.s.Close()
	}
	h.s, h.workdir = s, dir
	return nil
}

// with runs fn on the connection's session, opening it on first use.
func (h *mcpHost) with(ctx context.Context, fn func(s *session.Session) error) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.s == nil {
		if err := h.open(ctx, ""); err != nil {
			return err
		}
	}
	return fn(h.s)
}

const mcpInstructions = `nodelisp evaluates Lisp cells in a session whose every turn is kept in a log. Use the eval tool for each cell; recall forms inside a cell read the log back. The context tool shows the token budget and what fills it; tree, undo, redo, continue, rewind and fork move about the session's checkpoints.`

type evalArgs struct {
	Code      string `json:"code"`
	TimeoutMS int64  `json:"timeout_ms,omitempty"`
}

type noArgs struct{}

type windowArgs struct {
	Send bool `json:"send,omitempty"`
}

type evictArgs struct {
	Arg string `json:"arg,omitempty"`
}

type turnArgs struct {
	Turn int64 `json:"turn"`
}

type forkArgs struct {
	Title string `json:"title,omitempty"`
}

type sessionArgs struct {
	Resume string `json:"resume,omitempty"`
}

// tools are the connection's tools. Each is a thin wrapper over the
// session host, as the JSON-RPC methods are.
func (h *mcpHost) tools() []mcpTool {
	turn := []field{required("turn", "integer", "the turn: its input seq, as tree lists it")}
	return append([]mcpTool{
		tool("eval", session.EvalToolDescription(h.cfg.AllowRun), []field{
			required("code", "string", session.EvalCodeDescription),
			arg("timeout_ms", "integer", h.cfg.timeoutDescription()),
		}, h.eval),
		tool("context", "The /context figures: the token budget and its source, what fills the window (system, stub, warning, finished turns, running turn, notes, free), the thresholds and the eviction boundary.", nil, h.context),
		tool("window", "The window nodelisp would send with the next model request: each message's id, role, text, seq and estimated tokens, with the budget figures.", []field{
			arg("send", "boolean", "build the window as a model request: apply the warning and eviction and record the request (default false: only look)"),
		}, h.window),
		tool("evict", "Evict finished turns from the window by hand (/evict): a percent of the retained history, oldest turns first and whole, or every finished turn through one. The newest turn always stays; the log keeps everything.", []field{
			arg("arg", "string", "a percent of the retained history (40 or 40%, default 50) or through TURN (an input seq from tree)"),
		}, h.evict),
		tool("tree", "The session tree: every turn (a checkpoint) with its input seq, first line, depth, and whether it is head, on the path, or hidden by an undo.", nil, h.tree),
		tool("undo", "Move head to the parent of the head turn, restoring its file changes. Nothing is deleted; redo goes back.", nil, h.undo),
		tool("redo", "Move head back along the branch the last undo or rewind left, re-applying its file changes.", nil, h.redo),
		tool("continue", "Continue from a turn of the tree: head moves to it, files are left as they are.", turn, h.continueAt),
		tool("rewind", "Rewind to a turn of the tree: head moves to it, and files are restored to what they were right after it.", turn, h.rewind),
		tool("fork", "Fork a new session whose history is this one up to now; this connection moves to the fork.", []field{
			arg("title", "string", "the fork's title (default: this session's)"),
		}, h.fork),
		tool("session", "Report this connection's session (its id resumes it later with --session), or resume another stored session.", []field{
			arg("resume", "string", "resume this stored session id instead; omit to report the current session"),
		}, h.session),
	}, recallTools(h.recall)...)
}

func (h *mcpHost) eval(ctx context.Context, a evalArgs) (*toolResult, Cell, error) {
	timeout, err := h.cfg.timeoutFor(a.TimeoutMS)
	if err != nil {
		return nil, Cell{}, fmt.Errorf("eval: %w; the cell was not run", err)
	}
	var t Turn
	err = h.with(ctx, func(s *session.Session) error {
		var err error
		t, err = runTurn(ctx, s, a.Code, timeout)
		return err
	})
	if err != nil {
		return nil, Cell{}, err
	}
	res := &toolResult{Content: []textContent{text(t.Cell.Text)}, IsError: t.Cell.Error}
	// The client keeps its own context, so nodelisp's warning would never
	// reach the model in a window: it rides on the result instead.
	for _, m := range t.Window.Messages {
		if m.ID == "warn" {
			res.Content = append(res.Content, text(m.Text))
		}
	}
	return res, t.Cell, nil
}

func (h *mcpHost) context(ctx context.Context, _ noArgs) (*toolResult, Figures, error) {
	var f Figures
	err := h.with(ctx, func(s *session.Session) error {
		w, err := s.Window(ctx, session.WindowOptions{})
		if err == nil {
			f = figuresOf(w)
		}
		return err
	})
	if err != nil {
		return nil, Figures{}, err
	}
	return &toolResult{Content: []textContent{text(f.Report)}}, f, nil
}

func (h *mcpHost) window(ctx context.Context, a windowArgs) (*toolResult, Window, error) {
	var out Window
	err := h.with(ctx, func(s *session.Session) error {
		w, err := s.Window(ctx, session.WindowOptions{Send: a.Send})
		if err == nil {
			out = windowOf(w)
		}
		return err
	})
	return nil, out, err
}

func (h *mcpHost) evict(ctx context.Context, a evictArgs) (*toolResult, any, error) {
	var out any
	err := h.with(ctx, func(s *session.Session) error {
		var err error
		out, err = evictHistory(nil, ctx, s, evictParams{Arg: a.Arg})
		return err
	})
	return nil, out, toolError(err)
}

func (h *mcpHost) tree(ctx context.Context, _ noArgs) (*toolResult, Tree, error) {
	var t Tree
	err := h.with(ctx, func(s *session.Session) error {
		var err error
		t, err = treeOf(ctx, s)
		return err
	})
	return nil, t, err
}

func (h *mcpHost) move(ctx context.Context, fn func(s *session.Session) (session.Move, error)) (*toolResult, Move, error) {
	var m Move
	err := h.with(ctx, func(s *session.Session) error {
		mv, err := fn(s)
		m = moveOf(mv)
		return err
	})
	if err != nil {
		return nil, Move{}, toolError(err)
	}
	return nil, m, nil
}

func (h *mcpHost) undo(ctx context.Context, _ noArgs) (*toolResult, Move, error) {
	return h.move(ctx, func(s *session.Session) (session.Move, error) { return s.Undo(ctx, session.UndoOptions{}) })
}

func (h *mcpHost) redo(ctx context.Context, _ noArgs) (*toolResult, Move, error) {
	return h.move(ctx, func(s *session.Session) (session.Move, error) { return s.Redo(ctx, session.UndoOptions{}) })
}

func (h *mcpHost) continueAt(ctx context.Context, a turnArgs) (*toolResult, Move, error) {
	return h.move(ctx, func(s *session.Session) (session.Move, error) {
		seq, err := checkTurn(ctx, s, turnParams{Turn: &a.Turn})
		if err != nil {
			return session.Move{}, err
		}
		return s.Continue(ctx, seq)
	})
}

func (h *mcpHost) rewind(ctx context.Context, a turnArgs) (*toolResult, Move, error) {
	return h.move(ctx, func(s *session.Session) (session.Move, error) {
		seq, err := checkTurn(ctx, s, turnParams{Turn: &a.Turn})
		if err != nil {
			return session.Move{}, err
		}
		return s.Rewind(ctx, seq, session.UndoOptions{})
	})
}

func (h *mcpHost) fork(ctx context.Context, a forkArgs) (*toolResult, SessionInfo, error) {
	var info SessionInfo
	err := h.with(ctx, func(s *session.Session) error {
		f, err := s.Fork(ctx, a.Title)
		if err != nil {
			return err
		}
		h.s = f
		s.Close()
		info = sessionInfo(f, h.workdir)
		return nil
	})
	return nil, info, err
}

func (h *mcpHost) session(ctx context.Context, a sessionArgs) (*toolResult, SessionInfo, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if a.Resume != "" || h.s == nil {
		if err := h.open(ctx, a.Resume); err != nil {
			return nil, SessionInfo{}, toolError(err)
		}
	}
	return nil, sessionInfo(h.s, h.workdir), nil
}

// toolError words an error for the model, which reads it as the tool's
// result: the JSON-RPC code would mean nothing to it.
func toolError(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s", rpcError(err).Message)
}
