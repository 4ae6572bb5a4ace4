package view

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"time"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// DefaultAddr is where the view listens unless told otherwise.
const DefaultAddr = "127.0.0.1:8421"

// Options configure the view.
type Options struct {
	// Addr is the address to listen on; empty means DefaultAddr.
	Addr string
	// Public allows an address that is not loopback. The view then asks
	// for Token on every request.
	Public bool
	// Token, when set, must come with every request (see guard); Serve
	// makes one when Public is set and Token is empty.
	Token string
	// Model is the model budgets are resolved for, "provider/model-id",
	// as /context resolves it; empty when none is known.
	Model string
	// BudgetEnv is where budgets are looked up; nil knows no budget but a
	// recorded ceiling.
	BudgetEnv *evict.Env
	// Ready, if set, is called once the view listens, with the address of
	// its first page (the token included when one is needed).
	Ready func(url string)
}

//go:embed static
var staticFS embed.FS

// server holds what every page reads.
type server struct {
	st   store.Store
	opts Options
}

// Handler is the view as an http.Handler, for a caller that listens itself.
func Handler(st store.Store, opts Options) http.Handler {
	s := &server{st: st, opts: opts}
	static, _ := fs.Sub(staticFS, "static")
	mux := http.NewServeMux()
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	mux.HandleFunc("GET /{$}", s.sessionsPage)
	mux.HandleFunc("GET /search", s.searchPage)
	mux.HandleFunc("GET /s/{id}", s.sessionPage)
	mux.HandleFunc("GET /s/{id}/timeline", s.timelinePage)
	mux.HandleFunc("GET /s/{id}/window", s.windowPage)
	mux.HandleFunc("GET /s/{id}/e/{seq}", s.eventPage)
	return guard(mux, opts)
}

// Serve listens on opts.Addr and serves the view of st until ctx ends. It
// refuses an address that is not loopback unless opts.Public is set.
func Serve(ctx context.Context, st store.Store, opts Options) error {
	if opts.Addr == "" {
		opts.Addr = DefaultAddr
	}
	loopback, err := isLoopback(opts.Addr)
	if err != nil {
		return err
	}
	if !loopback && !opts.Public {
		return fmt.Errorf("view: %s is not a loopback address; give --public to serve it (a token then guards every request)", opts.Addr)
	}
	if opts.Public && opts.Token == "" {
		if opts.Token, err = newToken(); err != nil {
			return err
		}
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return fmt.Errorf("view: listen %s: %w", opts.Addr, err)
	}
	srv := &http.Server{
		Handler:           Handler(st, opts),
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	if opts.Ready != nil {
		opts.Ready(firstURL(ln.Addr().String(), opts.Token))
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("view: %w", err)
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("view: shut down: %w", err)
	}
	return nil
}

// sessionOptions are the options a Look is opened with: what the view
// knows of the model and the budget's environment.
func (s *server) sessionOptions() session.Options {
	env := s.opts.BudgetEnv
	if env == nil {
		env = &evict.Env{}
	}
	return session.Options{Model: s.opts.Model, BudgetEnv: env}
}
