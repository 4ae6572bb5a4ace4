package transcript

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
	"unicode/utf8"
)

// Tail reads one transcript file as the tool writes it. Each Read parses
// only the lines written since the one before, so following a file that
// grows costs the new bytes, not the whole file again.
//
// A tool appends a line in more than one write, so the last line of a
// file being written is often torn. Read leaves a last line that has no
// line break and is not yet a whole JSON object for the next Read; a whole
// object is complete (no proper prefix of one is valid JSON) and is read.
// A malformed line elsewhere is a problem of that line only: it is
// reported and skipped, and the lines after it are read.
//
// A file replaced, cut short or rewritten in place since the last Read
// (a tool compacting its transcript) is read again from its start, and
// the batch says so; the entries' keys are the source's ids or the lines'
// contents, so what was imported before is recognised, not repeated.
type Tail struct {
	format, file string
	p            parser
	t            Transcript // the session so far; entries hold the batch being read
	offset       int64      // bytes of whole lines read
	lines        int        // lines read
	seen         map[string]int
	lastAt       time.Time
	mark         []byte // the last line read, to notice a file rewritten under us
	info         os.FileInfo
	hadEntries   bool // some line has held an entry
}

// Batch is what one Read found: the entries of the lines written since
// the last Read, in file order, and what was wrong with the others.
type Batch struct {
	entries []entry
	// Problems are the malformed lines skipped, each naming its file and
	// line.
	Problems []*LineError
	// Rewritten reports that the file was replaced, truncated or changed
	// before the end of the last Read: the batch read it from its start.
	Rewritten bool
	// Pending is the length of a torn last line left for the next Read.
	Pending int
	// Lines is the number of lines read.
	Lines int
}

// Events is the number of entries the batch holds.
func (b *Batch) Events() int { return len(b.entries) }

// NewTail starts reading file (made absolute) as a transcript of format.
func NewTail(format, file string) (*Tail, error) {
	p, err := parserFor(format)
	if err != nil {
		return nil, err
	}
	if abs, err := filepath.Abs(file); err == nil {
		file = abs
	}
	return &Tail{format: format, file: file, p: p, t: Transcript{Format: format, File: file}, seen: map[string]int{}}, nil
}

// File is the absolute path read.
func (tl *Tail) File() string { return tl.file }

// Transcript is the session read so far: its id, agent and title.
func (tl *Tail) Transcript() *Transcript { return &tl.t }

// Ready reports whether the lines read name a session: its id is known.
func (tl *Tail) Ready() bool { return tl.t.ID != "" }

// Bare reports that the lines read hold nothing of a session (an empty
// file, or only the summaries Claude Code leaves beside sessions).
func (tl *Tail) Bare() bool { return !tl.hadEntries || tl.p.bare() }

// Titled reports whether the session has a title of its own yet: the
// name the tool gave it, or its first input in the user's own words.
func (tl *Tail) Titled() bool { return tl.t.Title != "" }

// reset forgets what was read, to read a rewritten file from its start.
// The session's id and title stay: a rewrite keeps the session.
func (tl *Tail) reset() {
	p, _ := parserFor(tl.format)
	tl.p, tl.offset, tl.lines, tl.seen, tl.mark = p, 0, 0, map[string]int{}, nil
}

// Read reads what the file has gained since the last Read.
func (tl *Tail) Read(ctx context.Context) (*Batch, error) {
	// Opening a FIFO blocks until something writes to it, and a device
	// never ends: a transcript is a regular file, and anything else
	// named like one is refused before it is opened.
	if info, err := os.Stat(tl.file); err != nil {
		return nil, err
	} else if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", tl.file)
	}
	f, err := os.Open(tl.file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	b := &Batch{}
	if tl.info != nil && (!os.SameFile(tl.info, info) || info.Size() < tl.offset || !tl.markHolds(f)) {
		tl.reset()
		b.Rewritten = true
	}
	tl.info = info
	if info.Size() == tl.offset {
		return b, nil
	}
	if _, err := f.Seek(tl.offset, io.SeekStart); err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(f, 1<<16)
	for {
		if b.Lines%1000 == 999 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		raw, n, whole, err := readLine(br)
		if err == io.EOF && n == 0 {
			break
		}
		if err != nil && err != io.EOF && !errors.Is(err, errLong) {
			return nil, err
		}
		if !whole && !jsonObject(bytes.TrimSpace(raw)) {
			b.Pending = int(n)
			break
		}
		tl.offset += n
		tl.lines++
		b.Lines++
		if errors.Is(err, errLong) {
			tl.mark = nil
			b.Problems = append(b.Problems, &LineError{File: tl.file, Line: tl.lines, Err: err})
			continue
		}
		tl.mark = append(tl.mark[:0], raw...)
		if err := tl.line(bytes.TrimSpace(raw)); err != nil {
			b.Problems = append(b.Problems, &LineError{File: tl.file, Line: tl.lines, Err: err})
		}
	}
	tl.lastAt = fillTimes(tl.t.entries, tl.lastAt)
	uniqueKeys(tl.t.entries, tl.seen)
	tl.p.finish(&tl.t)
	b.entries, tl.t.entries = tl.t.entries, nil
	tl.hadEntries = tl.hadEntries || len(b.entries) > 0
	return b, nil
}

// line reads one line; on an error whatever it had added is taken back.
func (tl *Tail) line(raw []byte) error {
	if len(raw) == 0 {
		return nil
	}
	if !utf8.Valid(raw) {
		return errors.New("not valid UTF-8")
	}
	if !jsonObject(raw) {
		return errors.New("not a JSON object (a truncated or corrupt line)")
	}
	before := len(tl.t.entries)
	if err := tl.p.line(&tl.t, raw); err != nil {
		tl.t.entries = tl.t.entries[:before]
		return err
	}
	return nil
}

// markHolds reports whether the file still holds, just before where the
// last Read stopped, the line that Read read last.
func (tl *Tail) markHolds(f *os.File) bool {
	if len(tl.mark) == 0 {
		return true
	}
	got := make([]byte, len(tl.mark))
	_, err := f.ReadAt(got, tl.offset-int64(len(tl.mark)))
	return err == nil && bytes.Equal(got, tl.mark)
}

func jsonObject(raw []byte) bool {
	return len(raw) > 0 && raw[0] == '{' && json.Valid(raw)
}

// lineKey is the key of a line that carries no id of its own: its
// content, so that the same line read again, at any line number of a
// rewritten file, is known.
func lineKey(raw []byte) string {
	sum := sha256.Sum256(raw)
	return "line " + hex.EncodeToString(sum[:8])
}

// errLong is a line longer than maxLine.
var errLong = fmt.Errorf("line longer than %d MB", maxLine>>20)

// readLine reads one line with its line break, n bytes; whole is false
// for a last line without one. A line longer than maxLine is read to its
// end and dropped, with errLong; one still being written is left, with
// whole false.
func readLine(br *bufio.Reader) (line []byte, n int64, whole bool, err error) {
	long := false
	for {
		chunk, err := br.ReadSlice('\n')
		n += int64(len(chunk))
		if !long {
			line = append(line, chunk...)
			if len(line) > maxLine {
				long, line = true, nil
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case long && err == nil:
			return nil, n, true, errLong
		case long, err == io.EOF:
			return line, n, false, io.EOF
		}
		return line, n, err == nil, err
	}
}
