package transcript

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// maxLine bounds one line of a transcript: far above any real one (tool
// results of a few MB), low enough that a file with no line breaks is an
// error rather than all of memory.
const maxLine = 64 << 20

// parser reads a format's lines one at a time into a transcript.
type parser interface {
	// line reads one non-blank line; n is its number, from 1.
	line(t *Transcript, n int, raw []byte) error
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

// ReadFile reads one transcript file whole.
func ReadFile(ctx context.Context, format, path string) (*Transcript, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return Read(ctx, format, abs, f)
}

// Read reads one transcript from r; file names it in the session's
// source and in errors.
func Read(ctx context.Context, format, file string, r io.Reader) (*Transcript, error) {
	p, err := parserFor(format)
	if err != nil {
		return nil, err
	}
	t := &Transcript{Format: format, File: file}
	br := bufio.NewReaderSize(r, 1<<16)
	for n := 1; ; n++ {
		if n%1000 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		raw, err := readLine(br)
		if err == io.EOF && raw == nil {
			break
		}
		t.Lines = int64(n)
		if err != nil && err != io.EOF {
			return nil, &LineError{File: file, Line: n, Err: err}
		}
		raw = bytes.TrimRight(raw, "\r\n")
		if len(bytes.TrimSpace(raw)) == 0 {
			continue
		}
		if !utf8.Valid(raw) {
			return nil, &LineError{File: file, Line: n, Err: errors.New("not valid UTF-8")}
		}
		if !json.Valid(raw) || bytes.TrimSpace(raw)[0] != '{' {
			return nil, &LineError{File: file, Line: n, Err: errors.New("not a JSON object (a truncated or corrupt line)")}
		}
		if err := p.line(t, n, bytes.TrimSpace(raw)); err != nil {
			return nil, &LineError{File: file, Line: n, Err: err}
		}
	}
	if t.ID == "" {
		if len(t.entries) == 0 || p.bare() {
			return nil, fmt.Errorf("%s: %w", file, ErrNoSession)
		}
		return nil, fmt.Errorf("%s: no session id: not a %s transcript", file, format)
	}
	p.finish(t)
	fillTimes(t.entries)
	uniqueKeys(t.entries)
	return t, nil
}

// readLine reads one line of at most maxLine bytes.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxLine {
			return nil, fmt.Errorf("line longer than %d MB", maxLine>>20)
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(line) == 0:
			return nil, io.EOF
		case err == io.EOF:
			return line, nil
		}
		return line, err
	}
}

// fillTimes gives the lines a transcript writes without a time (Claude
// Code's summaries, for one) the time of the line before, or of the first
// timed line for those at the start.
func fillTimes(es []entry) {
	var last time.Time
	for i := range es {
		if es[i].at.IsZero() {
			es[i].at = last
		} else {
			last = es[i].at
		}
	}
	first := -1
	for i := range es {
		if !es[i].at.IsZero() {
			first = i
			break
		}
	}
	at := time.Now().UTC()
	if first >= 0 {
		at = es[first].at
	}
	for i := 0; i < len(es) && es[i].at.IsZero(); i++ {
		es[i].at = at
	}
}

// uniqueKeys makes every entry's key unique in the file: a tool that
// writes one id twice (a retried line) still imports both, and the same
// way every time.
func uniqueKeys(es []entry) {
	seen := make(map[string]int, len(es))
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
