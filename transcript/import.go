package transcript

import (
	"context"
	"errors"
	"fmt"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/jsonl"
)

// Options adjusts Import.
type Options struct {
	// Progress, if not nil, is called after each file and now and then
	// during a large one, with the totals so far.
	Progress jsonl.Progress
}

// Stats counts what an import did: the files and lines read, the files
// skipped as holding no session (ErrNoSession), the sessions created, the
// sessions that grew and the events added.
type Stats struct {
	Files    int64
	Lines    int64
	Skipped  int64
	Sessions int64
	Grown    int64
	Events   int64
}

// Import reads each file (directories expanded by Files) as a transcript
// of format and adds what the store lacks of it: a new session for a new
// transcript, the new events of one imported before, nothing for one
// imported whole. Each file is one transaction. A file that cannot be
// read or imported is reported in the error (a *LineError for a malformed
// line) and leaves the store as it was; the other files are imported.
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
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return stats, err
		}
		switch err := importFile(ctx, st, format, f, &stats, opts.Progress); {
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

func report(p jsonl.Progress, s Stats, more int64) {
	if p != nil {
		p(jsonl.Stats{Lines: s.Lines, Sessions: s.Sessions + s.Grown, Events: s.Events + more})
	}
}

// importFile adds one transcript.
func importFile(ctx context.Context, st store.Store, format, path string, stats *Stats, progress jsonl.Progress) error {
	t, err := ReadFile(ctx, format, path)
	if err != nil {
		return err
	}
	stats.Lines += t.Lines
	id := t.SessionID()
	have, err := st.Session(ctx, id)
	if store.IsNotFound(err) {
		evs, err := plan(t, known{})
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		l, err := sessionLog(t, evs)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		err = st.Import(ctx, []store.SessionLog{l}, func(n int64) { report(progress, *stats, n) })
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		stats.Sessions++
		stats.Events += int64(len(evs))
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if src, ok := store.SourceOf(have.Source); !ok || src.Tool != format || src.ID != t.ID || src.Agent != t.Agent {
		return fmt.Errorf("%s: session %s is already in the store and was not imported from this transcript", path, id)
	}
	r, err := st.Scan(ctx, store.Query{Session: id, Own: true})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	k, err := knownOf(r.Events)
	if err != nil {
		return fmt.Errorf("%s: session %s: %w", path, id, err)
	}
	evs, err := plan(t, k)
	if err != nil || len(evs) == 0 {
		return err
	}
	if _, err := st.Append(ctx, id, newEvents(evs)); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	stats.Grown++
	stats.Events += int64(len(evs))
	return nil
}
