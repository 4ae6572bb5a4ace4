package serve

import (
	"context"
	"fmt"

	"github.com/nodelisp/nodelisp/paths"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

type openParams struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Model   string `json:"model"`
	System  string `json:"system"`
	Workdir string `json:"workdir"`
	// CellMemory is the session's memory cap (memory_param.go).
	CellMemory memoryParam `json:"cell_memory"`
}

type resumeParams struct {
	target
	Model      string      `json:"model"`
	System     string      `json:"system"`
	Workdir    string      `json:"workdir"`
	CellMemory memoryParam `json:"cell_memory"`
}

// openMethod opens a new session. Its queue is reserved before the open
// runs, so requests sent right behind it wait for it.
func openMethod() method {
	return method{
		route: func(srv *Server, req request) (*slot, error) {
			var p openParams
			if err := decodeParams(req.params, &p); err != nil {
				return nil, err
			}
			if p.ID == "" {
				p.ID = newSessionID()
			}
			return srv.reserve(p.ID)
		},
		run: func(srv *Server, ctx context.Context, req request, sl *slot) (any, error) {
			var p openParams
			if err := decodeParams(req.params, &p); err != nil {
				return nil, err
			}
			return srv.start(sl, func(opts session.Options) (*session.Session, error) {
				opts.ID, opts.Title = sl.id, p.Title
				opts.Limits = p.CellMemory.limits(opts.Limits)
				return session.Open(ctx, srv.cfg.Store, opts)
			}, p.Model, p.System, p.Workdir)
		},
	}
}

// resumeMethod reopens a stored session, its tree, head and image rebuilt
// from the log.
func resumeMethod() method {
	return method{
		route: func(srv *Server, req request) (*slot, error) {
			var p resumeParams
			if err := decodeParams(req.params, &p); err != nil {
				return nil, err
			}
			if p.Session == "" {
				return nil, missing("session")
			}
			return srv.reserve(p.Session)
		},
		run: func(srv *Server, ctx context.Context, req request, sl *slot) (any, error) {
			var p resumeParams
			if err := decodeParams(req.params, &p); err != nil {
				return nil, err
			}
			info, err := srv.start(sl, func(opts session.Options) (*session.Session, error) {
				opts.Limits = p.CellMemory.limits(opts.Limits)
				return session.Resume(ctx, srv.cfg.Store, sl.id, opts)
			}, p.Model, p.System, p.Workdir)
			if err != nil || sl.s.Notice() == "" {
				return info, err
			}
			// Another model or system prompt than the logged ones is a
			// change: logged, and said in one line.
			return resumed{info.(SessionInfo), sl.s.Notice()}, nil
		},
	}
}

// start opens the slot's session with the server's options, giving the
// slot up when that fails.
func (srv *Server) start(sl *slot, open func(session.Options) (*session.Session, error), model, system, workdir string) (any, error) {
	dir, err := resolveWorkdir(workdir, srv.cfg.Workdir)
	if err != nil {
		srv.drop(sl)
		return nil, err
	}
	opts := srv.cfg.sessionOptions(model, system, dir)
	s, err := open(opts)
	if err != nil {
		srv.drop(sl)
		return nil, err
	}
	sl.s, sl.workdir = s, dir
	return sessionInfo(s, dir), nil
}

// sessionOptions are the options every session of a host gets.
func (cfg Config) sessionOptions(model, system, workdir string) session.Options {
	if model == "" {
		model = cfg.Model
	}
	return session.Options{
		Model: model, System: system, Limits: cfg.Limits, Budgets: cfg.Budgets, Workdir: workdir, Home: cfg.Home,
		AllowRun: cfg.AllowRun, Sandbox: cfg.Sandbox,
		Lease: session.LeaseOptions{Holder: store.Holder{Kind: "serve"}}, // how another host's refusal names this one
	}
}

// resolveWorkdir is the file verbs' root: the param, else the server's,
// else the current directory; it must be a directory.
func resolveWorkdir(param, def string) (string, error) {
	if param == "" {
		param = def
	}
	dir, err := paths.Workdir(param)
	if err != nil {
		return "", errorf(CodeInvalidParams, "invalid params: %v", err)
	}
	return dir, nil
}

// closeSession closes the session in this server (the log keeps it; resume
// reopens it). Requests queued behind the close find it closed.
func closeSession(srv *Server, _ context.Context, s *session.Session, _ target) (any, error) {
	srv.mu.Lock()
	sl := srv.slots[s.ID()]
	srv.mu.Unlock()
	if sl == nil {
		return nil, fmt.Errorf("session %s is not open", s.ID())
	}
	srv.drop(sl)
	return nil, nil
}

// resumed is resume's answer when resuming changed the session's logged
// settings: the session info and the one line that says what changed.
type resumed struct {
	SessionInfo
	Notice string `json:"notice"`
}
