package session

import (
	"context"
	"fmt"

	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/imagestate"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/files"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
)

// Options configure a session.
type Options struct {
	// Title names a new session; resuming keeps the stored one.
	Title string
	// ID asks for this id when opening a new session; empty generates one.
	ID string
	// Deferred opens a new session that is created in the store only with
	// its first event (the REPL's: a start that runs no turn leaves none).
	Deferred bool
	// Model is "provider/model-id": what the budget is looked up for.
	Model string
	// System is the system prompt, the window's first message when set.
	System string
	// Limits bound each cell.
	Limits eval.Limits
	// ResultMargin, above 0, pretty-prints each cell's result to that
	// many columns (the REPL's terminal width); the result is logged as
	// shown. 0 prints results on one line.
	ResultMargin int
	// Home is the nodelisp home the context files live under (the
	// command resolves it: settings.Home); empty is the current directory.
	Home string
	// Budgets resolves the session's budget; hosts share one across their
	// sessions, so the sources are read once. Nil makes one over BudgetEnv.
	Budgets *evict.Resolver
	// BudgetEnv is where the budget is looked up when Budgets is nil; nil
	// is no source but the built-in table.
	BudgetEnv *evict.Env
	// Workdir is the directory the file verbs (read-file, write-file,
	// edit-file, list-files, delete-file) are confined to. Empty leaves the
	// verbs out of the image, and head moves then touch no files. Give an
	// absolute path: a relative one is taken against the process's current
	// directory at each use (docs/files.md).
	Workdir string
	// FileLimit caps the size in bytes of a file the verbs read or write;
	// 0 means files.DefaultLimit (1 MiB).
	FileLimit int64
	// AllowRun gives the session the run verb (run.go): commands run with
	// the rights of the user who started the host. Off, run is still
	// defined, and refuses in words the model can act on.
	AllowRun bool
	// Sandbox runs each command under bubblewrap, only the working
	// directory writable and no network; the host checks at start that
	// a sandbox can be had (proc.CheckSandbox).
	Sandbox bool
	// RunOutput caps the bytes of each of a command's streams that run
	// keeps; 0 is proc.DefaultOutputLimit.
	RunOutput int
	// RunMaxChanges caps the files one run records as changes; past it the
	// rest are counted in one line (run_capture.go). 0 is
	// files.DefaultMaxChanges.
	RunMaxChanges int
	// Setup runs on every fresh image the session builds (at open, on
	// resume, after every head move and follow), before anything is
	// restored, so a host's own builtins (interp.Define) are always there.
	Setup func(s *Session, it *interp.Interpreter)
	// Lease says who this host is to other hosts of the session, and how
	// long it holds and waits for the session's lease (lease.go).
	Lease LeaseOptions
}

// Session is one open session of a store. It is not safe for concurrent
// use; two Sessions on different session ids of one store are.
type Session struct {
	st          store.Store
	info        store.Session
	opts        Options
	tree        *tree
	interpreter *interp.Interpreter
	watch       []string // watched global names, in the order first watched
	// last is the newest events a request decides on (loadLastEvents),
	// once read from the log.
	last *lastEvents
	// edits are the taken context edits (loadContextState), once read.
	edits *contextState
	// overrideTable is the session's own runtime overrides
	// ((set-context-window …)), restored from the log on resume.
	overrideTable *evict.Overrides
	// logged are the settings the log last recorded (settings.go).
	logged event.Settings
	// notice says, in one line, what resuming changed; "" when nothing.
	notice string
	// img is the image's global state as last recorded (image.go, package imagestate);
	// states indexes the state records by turn, once a head move read it.
	img    *imagestate.Tracker
	states *stateIndex
	// restoreNotes say what the last rebuild could not restore exactly.
	restoreNotes []string
	// seen is the newest seq this host read or wrote (follow.go);
	// followed says what the last follow did.
	seen     int64
	followed string
	// lease is this host's hold on the session (lease.go).
	lease leaseState
	// capture is the run verb's picture of the working directory, made
	// at the first run and kept for the next (run_capture.go).
	capture *files.Capture
	// outputs are the output file streams open in the running cell
	// (files_streams.go); the cell's end discards those left open.
	outputs map[*lisp.Stream]*openOutput
}

// Open creates a new session in st.
func Open(ctx context.Context, st store.Store, opts Options) (*Session, error) {
	if opts.Deferred {
		id := opts.ID
		if id == "" {
			id = store.NewSessionID()
		}
		if err := store.CheckID(id); err != nil {
			return nil, fmt.Errorf("open session: %w", err)
		}
		info := store.Session{ID: id, Title: opts.Title, CreatedAt: store.Now()}
		s := &Session{st: &unbornStore{Store: st, info: info}, info: info, opts: opts, tree: newTree()}
		s.freshImage()
		s.img = imagestate.NewTracker(s.interpreter.Evaluator())
		return s, nil
	}
	info, err := st.CreateSession(ctx, opts.ID, opts.Title)
	if err != nil {
		return nil, fmt.Errorf("open session: %w", err)
	}
	s := &Session{st: st, info: info, opts: opts, tree: newTree()}
	s.freshImage()
	s.img = imagestate.NewTracker(s.interpreter.Evaluator())
	return s, nil
}

// Resume reopens a stored session: its tree, head and image are rebuilt
// from the log. A session imported from another agent's transcript is
// not reopened but forked (imported.go), and Notice says so.
func Resume(ctx context.Context, st store.Store, id string, opts Options) (*Session, error) {
	info, err := st.Session(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("resume session %s: %w", id, err)
	}
	if src, imported := store.SourceOf(info.Source); imported {
		return resumeImported(ctx, st, info, src, opts)
	}
	s := &Session{st: st, info: info, opts: opts}
	if err := s.load(ctx); err != nil {
		return nil, err
	}
	if err := s.loadSettings(ctx); err != nil {
		return nil, err
	}
	if err := s.recover(ctx); err != nil {
		return nil, err
	}
	e, ok, err := store.Last(ctx, st, id)
	if err != nil {
		return nil, fmt.Errorf("resume session %s: %w", id, err)
	}
	if ok {
		s.seen = e.Seq
	}
	return s, nil
}

// load reads the end of the session tree that a window needs from the
// log (tree_load.go) and rebuilds the image from the newest state record.
func (s *Session) load(ctx context.Context) error {
	if err := s.loadPathTree(ctx); err != nil {
		return err
	}
	return s.rebuildImage(ctx)
}

// ID is the session's id.
func (s *Session) ID() string { return s.info.ID }

// Title is the session's title.
func (s *Session) Title() string { return s.info.Title }

// Store is the store the session lives in.
func (s *Session) Store() store.Store { return s.st }

// Head is the seq of the turn the session stands on (0 before the first
// input).
func (s *Session) Head() int64 { return s.tree.head }

// Model is the session's model, "provider/model-id".
func (s *Session) Model() string { return s.opts.Model }

// Interpreter is the session's current image. It is replaced after every
// head move, so do not keep it across one.
func (s *Session) Interpreter() *interp.Interpreter { return s.interpreter }

// Tree lists the session's turns for drawing (see TreeTurn). A resumed
// session reads its whole tree from the log the first time.
func (s *Session) Tree(ctx context.Context) ([]TreeTurn, error) {
	if err := s.wholeTree(ctx); err != nil {
		return nil, err
	}
	return s.tree.list(), nil
}

// append writes events to the log and folds them into the tree.
func (s *Session) append(ctx context.Context, events ...store.NewEvent) ([]store.Event, error) {
	if err := s.checkLease(ctx); err != nil {
		return nil, err
	}
	out, err := s.st.Append(ctx, s.info.ID, events)
	if err != nil {
		return nil, err // the store's error names the append and the session
	}
	for _, e := range out {
		s.seen = max(s.seen, e.Seq)
		s.tree.apply(e)
		if s.last != nil {
			s.last.fold(e)
		}
		if s.states != nil && e.Kind == event.KindState {
			s.states.byTurn[e.Turn] = e.Seq
		}
		if s.edits != nil && e.Kind == event.KindContextEdit {
			s.edits.apply(e)
		}
	}
	return out, nil
}
