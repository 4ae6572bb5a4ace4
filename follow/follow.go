package follow

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/transcript"
)

// Options say what to follow and how.
type Options struct {
	// Format is the tool whose transcripts these are (transcript.Formats).
	Format string
	// Paths are folders (followed with every folder under them) and files.
	// A folder that does not exist yet is an error: the tool makes it.
	Paths []string
	// Poll, when set, polls every path at this interval instead of
	// watching with inotify.
	Poll time.Duration
	// Holder names the process in the session leases it takes.
	Holder store.Holder
	// TitleWait is how long a new session waits for its title
	// (transcript.File.TitleWait); zero keeps the default.
	TitleWait time.Duration
	// Notify, when set, gets each line worth telling the user: the paths
	// watched and how, new sessions, skipped lines, rewrites, failures.
	Notify func(string)
}

// PollEvery is the polling interval where inotify cannot be used.
const PollEvery = time.Second

// retryEvery is how often a file whose events wait (for a title, a lease,
// a store that failed) is tried again.
const retryEvery = 250 * time.Millisecond

// settle is how long after a change the follower waits for more before
// reading: a tool writes a line in several writes.
const settle = 5 * time.Millisecond

// follower is one Run's state.
type follower struct {
	opts    Options
	st      store.Store
	roots   []root
	files   map[string]*transcript.File
	seen    map[string]fileState // polled files' size and time when last read
	dirty   map[string]bool
	waiting map[string]string // files to try again, with the reason last told
	stats   transcript.Stats
}

type fileState struct {
	size int64
	mod  time.Time
}

// Run follows the paths until ctx is done, then returns what it imported.
// It first imports what the files hold already, so a restart picks up
// where the last run stopped.
func Run(ctx context.Context, st store.Store, opts Options) (transcript.Stats, error) {
	if _, err := transcript.NewTail(opts.Format, "probe"); err != nil {
		return transcript.Stats{}, err
	}
	f := &follower{opts: opts, st: st, files: map[string]*transcript.File{}, seen: map[string]fileState{},
		dirty: map[string]bool{}, waiting: map[string]string{}}
	var w *fsnotify.Watcher
	if opts.Poll <= 0 {
		var err error
		if w, err = fsnotify.NewWatcher(); err != nil {
			f.notify("inotify is not available (%v): polling every %v", err, PollEvery)
			w = nil
		} else {
			defer w.Close()
		}
	}
	for _, p := range opts.Paths {
		r, err := f.addRoot(w, p)
		if err != nil {
			return f.stats, err
		}
		f.roots = append(f.roots, r)
		how := "inotify"
		if r.poll {
			how = "polling every " + f.pollEvery().String() + r.why
		}
		f.notify("following %s transcripts in %s (%s)", opts.Format, r.path, how)
	}
	for _, r := range f.roots {
		for _, path := range transcripts(r.path) {
			f.dirty[path] = true
		}
	}
	f.syncDirty(ctx)
	return f.stats, f.loop(ctx, w)
}

func (f *follower) notify(format string, args ...any) {
	if f.opts.Notify != nil {
		f.opts.Notify(fmt.Sprintf(format, args...))
	}
}

func (f *follower) pollEvery() time.Duration {
	if f.opts.Poll > 0 {
		return f.opts.Poll
	}
	return PollEvery
}

// addRoot resolves a path and starts watching it, or marks it polled.
func (f *follower) addRoot(w *fsnotify.Watcher, path string) (root, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return root{}, err
	}
	info, err := os.Stat(abs)
	if err != nil {
		return root{}, err
	}
	r := root{path: abs, file: !info.IsDir()}
	dir := abs
	if r.file {
		dir = filepath.Dir(abs)
	}
	switch fs := remote(dir); {
	case w == nil:
		r.poll = true
	case fs != "":
		r.poll, r.why = true, ": "+fs+" is a network filesystem"
	case r.file:
		err = w.Add(dir)
	default:
		err = watchTree(w, dir)
	}
	if err != nil {
		r.poll, r.why = true, fmt.Sprintf(": inotify refused (%v)", err)
	}
	return r, nil
}

// loop waits for changes and syncs the files they touch.
func (f *follower) loop(ctx context.Context, w *fsnotify.Watcher) error {
	var events chan fsnotify.Event
	var errs chan error
	if w != nil {
		events, errs = w.Events, w.Errors
	}
	var poll <-chan time.Time
	if slices.ContainsFunc(f.roots, func(r root) bool { return r.poll }) {
		t := time.NewTicker(f.pollEvery())
		defer t.Stop()
		poll = t.C
	}
	retry := time.NewTimer(retryEvery)
	defer retry.Stop()
	armed := true
	settled := time.NewTimer(settle)
	defer settled.Stop()
	for {
		// Armed once, not at every turn of the loop: steady changes to
		// other files must not put off the retry for ever.
		if len(f.waiting) > 0 && !armed {
			retry.Reset(retryEvery)
			armed = true
		}
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-events:
			if !ok {
				return errors.New("the inotify watcher closed")
			}
			if f.changed(w, ev) {
				settled.Reset(settle)
			}
			continue
		case err, ok := <-errs:
			if !ok {
				return errors.New("the inotify watcher closed")
			}
			// An overflowed queue lost events: look at everything.
			f.notify("inotify: %v; reading every file again", err)
			for _, r := range f.roots {
				for _, path := range transcripts(r.path) {
					f.dirty[path] = true
				}
			}
		case <-settled.C:
		case <-poll:
			f.pollRoots(ctx)
		case <-retry.C:
			armed = false
			for path := range f.waiting {
				f.dirty[path] = true
			}
		}
		f.syncDirty(ctx)
	}
}

// changed notes what an inotify event touched; it reports whether a file
// needs reading.
func (f *follower) changed(w *fsnotify.Watcher, ev fsnotify.Event) bool {
	if ev.Has(fsnotify.Create) {
		if info, err := os.Stat(ev.Name); err == nil && info.IsDir() && f.underDirRoot(ev.Name) {
			// A new folder (a new day of Codex rollouts): watch it, and
			// read what was written in it before the watch began.
			watchTree(w, ev.Name)
			for _, path := range transcripts(ev.Name) {
				f.dirty[path] = true
			}
			return true
		}
	}
	if !isTranscript(ev.Name) || ev.Has(fsnotify.Remove) || !f.followed(ev.Name) {
		return false
	}
	f.dirty[ev.Name] = true
	return true
}

func (f *follower) underDirRoot(path string) bool {
	return slices.ContainsFunc(f.roots, func(r root) bool { return !r.file && r.within(path) })
}

func (f *follower) followed(path string) bool {
	return slices.ContainsFunc(f.roots, func(r root) bool { return r.within(path) })
}

// pollRoots marks the polled files whose size or time changed.
func (f *follower) pollRoots(ctx context.Context) {
	for _, r := range f.roots {
		if !r.poll {
			continue
		}
		for _, path := range transcripts(r.path) {
			if ctx.Err() != nil {
				return
			}
			info, err := os.Stat(path)
			if err != nil {
				continue
			}
			now := fileState{size: info.Size(), mod: info.ModTime()}
			if f.seen[path] != now {
				f.seen[path] = now
				f.dirty[path] = true
			}
		}
	}
}

// syncDirty syncs every file marked, in name order.
func (f *follower) syncDirty(ctx context.Context) {
	paths := make([]string, 0, len(f.dirty))
	for p := range f.dirty {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		if ctx.Err() != nil {
			return
		}
		delete(f.dirty, p)
		f.sync(ctx, p)
	}
}

// sync brings one file's session up to date and tells what happened.
func (f *follower) sync(ctx context.Context, path string) {
	tf := f.files[path]
	if tf == nil {
		var err error
		if tf, err = transcript.NewFile(f.opts.Format, path, f.opts.Holder); err != nil {
			f.notify("%s: %v", path, err)
			return
		}
		if f.opts.TitleWait > 0 {
			tf.TitleWait = f.opts.TitleWait
		}
		f.files[path] = tf
		f.stats.Files++
	}
	r, err := tf.Sync(ctx, f.st, false)
	f.stats.Add(r)
	if ctx.Err() != nil {
		return
	}
	if errors.Is(err, fs.ErrNotExist) {
		// Deleted (or moved away): what was imported stays, and a file
		// made again at the path is read from its start.
		delete(f.files, path)
		delete(f.waiting, path)
		return
	}
	if r.Batch != nil {
		for _, p := range r.Batch.Problems {
			f.notify("%v; line skipped", p)
		}
		if r.Batch.Rewritten {
			f.notify("%s was rewritten: read again from its start; what was imported stays", path)
		}
	}
	if r.Created {
		f.notify("new session %s (%d events) from %s", r.Session, r.Events, path)
	}
	why := r.Waiting
	if err != nil {
		why = err.Error()
	}
	if why == "" {
		delete(f.waiting, path)
		return
	}
	if err != nil && f.waiting[path] != why {
		f.notify("%s; trying again", why)
	}
	f.waiting[path] = why
}
