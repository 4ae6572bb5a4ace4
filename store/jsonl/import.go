package jsonl

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/nodelisp/nodelisp/store"
)

// ImportOptions tune Import.
type ImportOptions struct {
	// Progress, if set, is called while lines are read and events written.
	Progress Progress
}

// maxLine bounds one line of an import file.
var maxLine = 256 << 20 // a var so the tests can lower it

// Import reads a whole file, checks every line, and only then writes all
// of it to st in one transaction. A bad line is a *LineError naming it;
// a session id already in st is store.ErrExists. Either way nothing of
// the file is imported.
func Import(ctx context.Context, st store.Store, r io.Reader, opt ImportOptions) (Stats, error) {
	f, stats, err := read(r, opt.Progress)
	if err != nil {
		return stats, fmt.Errorf("import: %w", err)
	}
	var progress func(int64)
	if opt.Progress != nil {
		progress = func(n int64) {
			opt.Progress(Stats{Lines: stats.Lines, Sessions: stats.Sessions, Events: n})
		}
	}
	if err := st.Import(ctx, f.logs, progress); err != nil {
		// A rule only the store could check (a fork of a session it
		// holds) still names its line.
		var le *store.LogError
		if errors.As(err, &le) {
			return stats, f.lineError(le)
		}
		return stats, err
	}
	return stats, nil
}

// Read parses and checks an import file without writing it anywhere.
// Forks of sessions outside the file are checked only as far as the file
// goes.
func Read(r io.Reader) ([]store.SessionLog, error) {
	f, _, err := read(r, nil)
	return f.logs, err
}

// file is an import file as read: its sessions, and the line each session
// and event came from.
type file struct {
	logs  []store.SessionLog
	lines [][]int // lines[i][0] is session i's line, lines[i][k+1] its event k's
	index map[string]int
}

func (f *file) lineError(e *store.LogError) *LineError {
	i := f.index[e.Session]
	return &LineError{Line: f.lines[i][e.Event+1], Err: errors.New(e.Rule)}
}

func read(r io.Reader, progress Progress) (*file, Stats, error) {
	var stats Stats
	f := &file{index: map[string]int{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Bytes()
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		before := len(f.logs)
		if err := readLine(line, &f.logs); err != nil {
			return &file{}, stats, &LineError{Line: n, Err: err}
		}
		if len(f.logs) > before {
			id := f.logs[before].Session.ID
			if _, dup := f.index[id]; dup {
				return &file{}, stats, &LineError{Line: n, Err: fmt.Errorf("session %s appears twice", id)}
			}
			f.index[id] = before
			f.lines = append(f.lines, []int{n})
		} else {
			f.lines[len(f.lines)-1] = append(f.lines[len(f.lines)-1], n)
		}
		stats.Lines++
		if progress != nil && stats.Lines%10000 == 0 {
			progress(stats)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			err = fmt.Errorf("the line is longer than the limit of %d MiB", maxLine>>20)
		}
		return &file{}, stats, &LineError{Line: n + 1, Err: err}
	}
	for _, l := range f.logs {
		stats.Sessions++
		stats.Events += int64(len(l.Events))
	}
	// Check the rules that span lines (docs/storage.md, docs/sessions.md); a parent outside the
	// file is the store's to check.
	_, err := store.ValidateLog(f.logs, func(string) (*store.Parent, error) { return &store.Parent{Unknown: true}, nil })
	var le *store.LogError
	if errors.As(err, &le) {
		return &file{}, stats, f.lineError(le)
	}
	if err != nil {
		return &file{}, stats, err
	}
	return f, stats, nil
}

func readLine(line []byte, logs *[]store.SessionLog) error {
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(line, &head); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return fmt.Errorf("not a JSON object: %s", strings.TrimPrefix(se.Error(), "json: "))
		}
		return errors.New("not a JSON object")
	}
	switch head.Type {
	case "session":
		var l sessionLine
		if err := strict(line, &l); err != nil {
			return err
		}
		at, err := store.ParseTime(l.CreatedAt)
		if err != nil {
			return fmt.Errorf("created_at: %w", err)
		}
		s := store.Session{ID: l.ID, Title: l.Title, CreatedAt: at, ForkSeq: l.ForkSeq, Source: store.NullSource(l.Source)}
		if l.Parent != nil {
			s.Parent = *l.Parent
		}
		if err := store.CheckID(s.ID); err != nil {
			return err
		}
		if (s.Parent == "") != (s.ForkSeq == nil) {
			return errors.New("parent and fork_seq must be both set or both null")
		}
		*logs = append(*logs, store.SessionLog{Session: s})
	case "event":
		var l eventInput
		if err := strict(line, &l); err != nil {
			return err
		}
		if len(*logs) == 0 {
			return errors.New("event before any session line")
		}
		cur := &(*logs)[len(*logs)-1]
		if l.Session != cur.Session.ID {
			return fmt.Errorf("event of session %q under session %q", l.Session, cur.Session.ID)
		}
		at, err := store.ParseTime(l.At)
		if err != nil {
			return fmt.Errorf("at: %w", err)
		}
		if l.Kind == "" {
			return errors.New("empty kind")
		}
		if l.Seq <= 0 || l.Turn < 0 {
			return fmt.Errorf("seq %d, turn %d: must be positive", l.Seq, l.Turn)
		}
		if err := store.CheckPayload(l.Payload); err != nil {
			return err
		}
		if n := len(cur.Events); n > 0 && cur.Events[n-1].Seq >= l.Seq {
			return fmt.Errorf("seq %d after seq %d", l.Seq, cur.Events[n-1].Seq)
		}
		cur.Events = append(cur.Events, store.Event{Session: l.Session, Seq: l.Seq, At: at, Kind: l.Kind,
			Turn: l.Turn, Payload: bytes.Clone(l.Payload)})
	default:
		return fmt.Errorf("unknown line type %q", head.Type)
	}
	return nil
}

// strict decodes a line, refusing fields the format does not have. Its
// errors name the field and what it should hold, in the file's terms
// rather than the Go types'.
func strict(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(err)
	}
	if dec.More() {
		return errors.New("more than one JSON value on the line")
	}
	return nil
}

func decodeError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		want := map[string]string{"int64": "an integer", "string": "a string", "RawMessage": "a JSON object"}[te.Type.Name()]
		if want == "" {
			want = "a " + te.Type.String()
		}
		field := te.Field[strings.LastIndexByte(te.Field, '.')+1:]
		if te.Type.Kind() == reflect.Int64 && strings.HasPrefix(te.Value, "number") {
			return fmt.Errorf("field %q: want an integer in range, got %s", field, strings.TrimPrefix(te.Value, "number "))
		}
		return fmt.Errorf("field %q: want %s, got a JSON %s", field, want, te.Value)
	case errors.As(err, &se):
		return fmt.Errorf("not valid JSON at byte %d: %v", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fmt.Errorf("unknown field %s", strings.TrimPrefix(err.Error(), "json: unknown field "))
	}
	return fmt.Errorf("not valid JSON: %v", strings.TrimPrefix(err.Error(), "json: "))
}
