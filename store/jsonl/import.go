package jsonl

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/nodelisp/nodelisp/store"
)

// ImportOptions tune Import.
type ImportOptions struct {
	// Progress, if set, is called while lines are read and events written.
	Progress Progress
}

// maxLine bounds one line of an import file.
const maxLine = 256 << 20

// Import reads a whole file, checks every line, and only then writes all
// of it to st in one transaction. A bad line is a *LineError naming it;
// a session id already in st is store.ErrExists. Either way nothing of
// the file is imported.
func Import(ctx context.Context, st store.Store, r io.Reader, opt ImportOptions) (Stats, error) {
	logs, stats, err := read(r, opt.Progress)
	if err != nil {
		return stats, fmt.Errorf("import: %w", err)
	}
	var progress func(int64)
	if opt.Progress != nil {
		progress = func(n int64) {
			opt.Progress(Stats{Lines: stats.Lines, Sessions: stats.Sessions, Events: n})
		}
	}
	if err := st.Import(ctx, logs, progress); err != nil {
		return stats, err
	}
	return stats, nil
}

// Read parses and checks an import file without writing it anywhere.
func Read(r io.Reader) ([]store.SessionLog, error) {
	logs, _, err := read(r, nil)
	return logs, err
}

func read(r io.Reader, progress Progress) ([]store.SessionLog, Stats, error) {
	var stats Stats
	var logs []store.SessionLog
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Bytes()
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if err := readLine(line, &logs); err != nil {
			return nil, stats, &LineError{Line: n, Err: err}
		}
		stats.Lines++
		if progress != nil && stats.Lines%10000 == 0 {
			progress(stats)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, stats, &LineError{Line: n + 1, Err: err}
	}
	for _, l := range logs {
		stats.Sessions++
		stats.Events += int64(len(l.Events))
	}
	// Check what spans lines (seq order, fork points, duplicate ids);
	// a parent outside the file is the store's to find.
	if _, err := store.CheckLogs(logs, func(string) (bool, error) { return true, nil }); err != nil {
		return nil, stats, err
	}
	return logs, stats, nil
}

func readLine(line []byte, logs *[]store.SessionLog) error {
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(line, &head); err != nil {
		return fmt.Errorf("not a JSON object: %w", err)
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

// strict decodes a line, refusing fields the format does not have.
func strict(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value on the line")
	}
	return nil
}
