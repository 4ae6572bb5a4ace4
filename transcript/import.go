package transcript

import (
	"context"
	"errors"
	"time"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/jsonl"
)

// Options adjusts Import.
type Options struct {
	// Progress, if not nil, is called after each file and now and then
	// during a large one, with the totals so far.
	Progress jsonl.Progress
	// Holder names this process in the session leases an import takes
	// (the zero value: an "import" holder of this process).
	Holder store.Holder
}

// Stats counts what an import did: the files and lines read, the files
// skipped as holding no session (ErrNoSession), the sessions created, the
// sessions that grew, the events added, the malformed lines skipped and
// the files found rewritten since they were last read.
type Stats struct {
	Files    int64
	Lines    int64
	Skipped  int64
	Sessions int64
	Grown    int64
	Events   int64
	Problems int64
	Rewrites int64
}

// Add counts what one Sync did.
func (s *Stats) Add(r Result) {
	if r.Batch != nil {
		s.Lines += int64(r.Batch.Lines)
		s.Problems += int64(len(r.Batch.Problems))
		if r.Batch.Rewritten {
			s.Rewrites++
		}
	}
	switch {
	case r.Created:
		s.Sessions++
	case r.Events > 0:
		s.Grown++
	}
	s.Events += int64(r.Events)
}

// leaseWait is how long a one-time import waits for a session's lease
// that another importer holds: a follower holds it only while it writes.
const leaseWait = 10 * time.Second

// Import reads each file (directories expanded by Files) as a transcript
// of format and adds what the store lacks of it: a new session for a new
// transcript, the new events of one imported before, nothing for one
// imported whole. A torn last line is left for the next import; a
// malformed line is skipped and reported in the error as a *LineError,
// and the rest of its file is imported. A file that cannot be read or
// imported at all is reported in the error and leaves the store as it
// was; the other files are imported.
func Import(ctx context.Context, st store.Store, format string, paths []string, opts Options) (Stats, error) {
	if _, err := parserFor(format); err != nil {
		return Stats{}, err
	}
	files, err := Files(paths)
	if err != nil {
		return Stats{}, err
	}
	var stats Stats
	var errs []error
	for _, path := range files {
		if err := ctx.Err(); err != nil {
			return stats, err
		}
		f, err := NewFile(format, path, opts.Holder)
		if err != nil {
			return stats, err
		}
		f.progress = func(n int64) { report(opts.Progress, stats, n) }
		r, err := f.syncWaiting(ctx, st)
		stats.Add(r)
		if r.Batch != nil {
			for _, p := range r.Batch.Problems {
				errs = append(errs, p)
			}
		}
		switch {
		case errors.Is(err, ErrNoSession):
			stats.Skipped++
		case err != nil:
			errs = append(errs, err)
		}
		stats.Files++
		report(opts.Progress, stats, 0)
	}
	return stats, errors.Join(errs...)
}

// syncWaiting is a one-time Sync that waits a while for a lease held by
// another importer.
func (f *File) syncWaiting(ctx context.Context, st store.Store) (Result, error) {
	r, err := f.Sync(ctx, st, true)
	for deadline := time.Now().Add(leaseWait); err == nil && r.Waiting != "" && time.Now().Before(deadline); {
		select {
		case <-ctx.Done():
			return r, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		var again Result
		again, err = f.Sync(ctx, st, true)
		again.Batch = mergeBatch(r.Batch, again.Batch)
		r = again
	}
	if err == nil && r.Waiting != "" {
		err = errors.New(f.tail.file + ": " + r.Waiting)
	}
	return r, err
}

// mergeBatch counts two reads of one file as one.
func mergeBatch(a, b *Batch) *Batch {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	m := *a
	m.Lines += b.Lines
	m.Problems = append(m.Problems, b.Problems...)
	m.Rewritten = a.Rewritten || b.Rewritten
	m.Pending = b.Pending
	return &m
}

func report(p jsonl.Progress, s Stats, more int64) {
	if p != nil {
		p(jsonl.Stats{Lines: s.Lines, Sessions: s.Sessions + s.Grown, Events: s.Events + more})
	}
}
