package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/gen"
)

func (c *command) logGen(args []string) int {
	fs := cli.NewFlagSet("nodelisp log gen", "Usage: nodelisp log gen [flags]\n\nMakes a synthetic log (turns of input, tool call and tool result), the same bytes for the same flags,\nand imports it into the store, or writes it as JSON Lines with --out. Its sessions are gen-000000, gen-000001, …\n\nFlags:\n")
	cli.StoreFlags(fs, &c.opts)
	var cfg gen.Config
	fs.IntVar(&cfg.Sessions, "sessions", 1, "how many sessions")
	fs.IntVar(&cfg.Events, "events", 1000, "events per session")
	fs.IntVar(&cfg.PayloadBytes, "payload-bytes", 300, "rough size of each payload's text")
	fs.StringVar(&cfg.RareWord, "rare-word", "", "a `WORD` put into one payload in --rare-every (default: none)")
	fs.IntVar(&cfg.RareEvery, "rare-every", 0, "how often the rare word appears, one payload in `N` (default 0: never)")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "the generator's seed")
	out := fs.String("out", "", "write JSON Lines to `FILE` (- for stdout) instead of importing (default: into the store)")
	if status, done := c.subFlags(fs, args); done {
		return status
	}
	if fs.NArg() > 0 {
		return c.usageError(fmt.Errorf("log gen: unexpected argument %q", fs.Arg(0)))
	}
	if cfg.Sessions < 1 || cfg.Events < 0 || cfg.PayloadBytes < 1 || cfg.RareEvery < 0 {
		return c.usageError(fmt.Errorf("log gen: --sessions must be at least 1, --payload-bytes at least 1, and --events and --rare-every not negative"))
	}
	logs := gen.Logs(cfg)
	if *out != "" {
		name := *out
		if name == "-" {
			name = ""
		}
		return c.writeTo(name, func(w io.Writer) error { return writeLogs(w, logs) })
	}
	ctx := context.Background()
	st, err := c.openStore(ctx)
	if err != nil {
		return c.fail(err)
	}
	defer st.Close()
	var progress func(int64)
	if isTerminalWriter(c.stderr) {
		progress = func(n int64) { fmt.Fprintf(c.stderr, "\rgenerated %d events…", n) }
	}
	err = st.Import(ctx, logs, progress)
	c.endProgress()
	if err != nil {
		return c.fail(fmt.Errorf("log gen: %w", err))
	}
	fmt.Fprintf(c.stderr, "generated %d sessions, %d events into store %s\n", cfg.Sessions, cfg.Sessions*cfg.Events, st.ID())
	return cli.ExitOK
}

// writeLogs writes logs as `nodelisp log export` would: a session's line,
// then its events, with fields in the export's order and each payload's
// bytes as they are.
func writeLogs(w io.Writer, logs []store.SessionLog) error {
	bw := bufio.NewWriter(w)
	for _, l := range logs {
		s := l.Session
		var parent any
		if s.Parent != "" {
			parent = s.Parent
		}
		if err := writeLine(bw, []field{{"type", "session"}, {"id", s.ID}, {"title", s.Title},
			{"created_at", store.FormatTime(s.CreatedAt)}, {"parent", parent}, {"fork_seq", s.ForkSeq}}); err != nil {
			return err
		}
		for _, e := range l.Events {
			if err := writeLine(bw, []field{{"type", "event"}, {"session", e.Session}, {"seq", e.Seq},
				{"at", store.FormatTime(e.At)}, {"kind", e.Kind}, {"turn", e.Turn}, {"payload", e.Payload}}); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// field is one key of a line, in the order it is written.
type field struct {
	key   string
	value any
}

// writeLine writes one JSON object on one line, HTML escaping off; a
// json.RawMessage value is copied byte for byte.
func writeLine(w *bufio.Writer, fields []field) error {
	w.WriteByte('{')
	for i, f := range fields {
		if i > 0 {
			w.WriteByte(',')
		}
		k, _ := json.Marshal(f.key)
		w.Write(k)
		w.WriteByte(':')
		if raw, ok := f.value.(json.RawMessage); ok {
			w.Write(raw)
			continue
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(f.value); err != nil {
			return err
		}
		w.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	}
	w.WriteByte('}')
	_, err := w.WriteString("\n")
	return err
}
