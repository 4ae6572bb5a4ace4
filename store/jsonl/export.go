package jsonl

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/nodelisp/nodelisp/store"
)

// ExportOptions choose what Export writes.
type ExportOptions struct {
	// Sessions to export; empty exports every session of the store.
	Sessions []string
	// Progress, if set, is called after each page of events.
	Progress Progress
}

const exportPage = 5000

// Export writes sessions of st to w, parents before their forks, each
// session's line followed by its own events.
func Export(ctx context.Context, st store.Store, w io.Writer, opt ExportOptions) (Stats, error) {
	var stats Stats
	sessions, err := exportSessions(ctx, st, opt.Sessions)
	if err != nil {
		return stats, fmt.Errorf("export: %w", err)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	enc := lineEncoder{w: bw}
	for _, s := range sessions {
		if err := enc.session(s); err != nil {
			return stats, fmt.Errorf("export session %s: %w", s.ID, err)
		}
		stats.Lines++
		stats.Sessions++
		after := int64(0)
		for {
			r, err := st.Scan(ctx, store.Query{Session: s.ID, Own: true, After: after, Limit: exportPage})
			if err != nil {
				return stats, fmt.Errorf("export session %s: %w", s.ID, err)
			}
			for _, e := range r.Events {
				if err := enc.event(e); err != nil {
					return stats, fmt.Errorf("export session %s seq %d: %w", s.ID, e.Seq, err)
				}
				after = e.Seq
			}
			stats.Lines += int64(len(r.Events))
			stats.Events += int64(len(r.Events))
			if opt.Progress != nil {
				opt.Progress(stats)
			}
			if !r.More {
				break
			}
		}
	}
	if err := bw.Flush(); err != nil {
		return stats, fmt.Errorf("export: %w", err)
	}
	return stats, nil
}

// exportSessions returns the chosen sessions, parents first.
func exportSessions(ctx context.Context, st store.Store, ids []string) ([]store.Session, error) {
	var sessions []store.Session
	if len(ids) == 0 {
		all, err := st.Sessions(ctx)
		if err != nil {
			return nil, err
		}
		sessions = all
	} else {
		for _, id := range ids {
			s, err := st.Session(ctx, id)
			if err != nil {
				return nil, err
			}
			sessions = append(sessions, s)
		}
	}
	logs := make([]store.SessionLog, len(sessions))
	for i, s := range sessions {
		logs[i].Session = s
	}
	// Parents outside the selection are in the store already.
	ordered, err := store.CheckLogs(logs, func(string) (bool, error) { return true, nil })
	if err != nil {
		return nil, err
	}
	for i, l := range ordered {
		sessions[i] = l.Session
	}
	return sessions, nil
}

// lineEncoder writes lines in the one byte layout export always uses, so
// an exported file imported and exported again comes out identical.
type lineEncoder struct {
	w   io.Writer
	buf bytes.Buffer
}

func (le *lineEncoder) session(s store.Session) error {
	l := sessionLine{Type: "session", ID: s.ID, Title: s.Title, CreatedAt: store.FormatTime(s.CreatedAt), ForkSeq: s.ForkSeq, Source: s.Source}
	if s.Parent != "" {
		l.Parent = &s.Parent
	}
	return le.write(l)
}

func (le *lineEncoder) event(e store.Event) error {
	// encoding/json compacts a RawMessage as it writes it, which would
	// change the payload's bytes; so the payload is appended by hand.
	head := eventLine{Type: "event", Session: e.Session, Seq: e.Seq, At: store.FormatTime(e.At),
		Kind: e.Kind, Turn: e.Turn}
	if err := le.encode(head); err != nil {
		return err
	}
	b := bytes.TrimSuffix(le.buf.Bytes(), []byte("}\n"))
	b = append(b, `,"payload":`...)
	b = append(b, e.Payload...)
	b = append(b, "}\n"...)
	_, err := le.w.Write(b)
	return err
}

func (le *lineEncoder) write(v any) error {
	if err := le.encode(v); err != nil {
		return err
	}
	_, err := le.w.Write(le.buf.Bytes())
	return err
}

func (le *lineEncoder) encode(v any) error {
	le.buf.Reset()
	enc := json.NewEncoder(&le.buf)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
