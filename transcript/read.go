package transcript

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// maxLine bounds one line of a transcript: far above any real one (tool
// results of a few MB), low enough that a file with no line breaks is an
// error rather than all of memory.
const maxLine = 64 << 20

// parser reads a format's lines one at a time into a transcript.
type parser interface {
	// line reads one non-blank line.
	line(t *Transcript, raw []byte) error
	// finish names the session when no line did: usually after its
	// first input in the user's own words.
	finish(t *Transcript)
	// bare reports that the lines read hold no session, only what a
	// tool writes beside sessions (Claude Code leaves files of summary
	// lines alone in its projects folder).
	bare() bool
}

// ErrNoSession is a transcript file that holds no session: empty, or only
// lines a tool writes beside sessions. Import skips it.
var ErrNoSession = errors.New("no session in the file")

func parserFor(format string) (parser, error) {
	switch format {
	case ClaudeCode:
		return &claudeParser{}, nil
	case Codex:
		return &codexParser{}, nil
	case Pi:
		return &piParser{}, nil
	}
	return nil, fmt.Errorf("unknown transcript format %q (%s)", format, strings.Join(Formats, ", "))
}

// ReadFile reads one transcript file whole, as it is now: a torn last
// line is left out, and the malformed lines skipped are the batch's
// Problems.
func ReadFile(ctx context.Context, format, path string) (*Transcript, *Batch, error) {
	tl, err := NewTail(format, path)
	if err != nil {
		return nil, nil, err
	}
	b, err := tl.Read(ctx)
	if err != nil {
		return nil, nil, err
	}
	if err := tl.check(); err != nil {
		return nil, b, err
	}
	stampStart(b.entries)
	t := tl.Transcript()
	t.entries = b.entries
	t.Lines = int64(b.Lines)
	return t, b, nil
}

// check reports a file read whole that holds no session.
func (tl *Tail) check() error {
	if tl.t.ID != "" {
		return nil
	}
	if tl.Bare() {
		return fmt.Errorf("%s: %w", tl.file, ErrNoSession)
	}
	return fmt.Errorf("%s: no session id: not a %s transcript", tl.file, tl.format)
}

// fillTimes gives the lines a transcript writes without a time (Claude
// Code's summaries, for one) the time of the line before (last, for the
// first lines of a batch). Lines at the start of the file, before any
// timed line, keep no time here: the file's first timed line may not be
// written yet, and stampStart gives them its time once it is, so a file
// followed line by line gets the times a fresh import of it gets. It
// returns the time of the last timed line.
func fillTimes(es []entry, last time.Time) time.Time {
	for i := range es {
		if es[i].at.IsZero() {
			es[i].at = last
		} else {
			last = es[i].at
		}
	}
	return last
}

// stampStart gives the entries at the start of a file that have no time
// the time of the first entry that has one, or now when none has.
func stampStart(es []entry) {
	at := time.Now().UTC()
	for i := range es {
		if !es[i].at.IsZero() {
			at = es[i].at
			break
		}
	}
	for i := 0; i < len(es) && es[i].at.IsZero(); i++ {
		es[i].at = at
	}
}

// uniqueKeys makes every entry's key unique in the file, seen holding
// the keys of the lines read before: a tool that writes one id twice (a
// retried line) still imports both, and the same way every time.
func uniqueKeys(es []entry, seen map[string]int) {
	for i := range es {
		k := es[i].key
		if n := seen[k]; n > 0 {
			es[i].key = fmt.Sprintf("%s~%d", k, n)
		}
		seen[k]++
	}
}

// parseTime reads a transcript's RFC 3339 time; "" is no time.
func parseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("timestamp %q: %w", s, err)
	}
	return t.UTC(), nil
}

// Files expands paths into transcript files: a file as given, and every
// .jsonl file under a directory, recursively (Claude Code keeps
// sub-agents' transcripts in <session>/subagents/, Codex its rollouts in
// YYYY/MM/DD/), in lexical order.
func Files(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			out = append(out, p)
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(d.Name(), ".jsonl") {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		slices.Sort(found)
		out = append(out, found...)
	}
	return out, nil
}
