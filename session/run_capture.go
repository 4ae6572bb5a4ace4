package session

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/files"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/paths"
	"github.com/nodelisp/nodelisp/store"
)

// runCapture brings the session's picture of the working directory up to
// date before a command, making it at the first run. Its mirror lives
// under the home (paths.RunMirror), or the system's temporary directory
// for a host with none; one left by an earlier host of the session is
// stale and cleared first.
func (s *Session) runCapture(ctx context.Context, d *files.Dir) *files.Capture {
	if s.capture == nil {
		home := s.opts.Home
		if home == "" {
			home = filepath.Join(os.TempDir(), "nodelisp")
		}
		mirror := paths.RunMirror(home, s.st.ID(), s.info.ID)
		if err := os.RemoveAll(mirror); err != nil {
			lisp.Errorf("run: clearing the capture mirror %s: %v", mirror, err)
		}
		c, err := d.NewCapture(mirror)
		if err != nil {
			lisp.Errorf("run: %v", err)
		}
		c.MaxChanges = s.opts.RunMaxChanges
		s.capture = c
	}
	if err := s.capture.Scan(ctx); err != nil {
		lisp.Errorf("run: the command was not run: the working directory could not be captured first: %v", err)
	}
	return s.capture
}

// Close releases what the session holds outside the log: the run verb's
// mirror of the working directory. A host calls it when it is done with
// the session.
func (s *Session) Close() error {
	if s.capture == nil {
		return nil
	}
	err := s.capture.Close()
	s.capture = nil
	return err
}

// recordRun scans after a command and records each file it changed as a
// file change of the running turn, and returns a line per change for the
// result. Unlike the file verbs' changes these follow the disk: the
// command has already made them.
//
// A command that changes more files than files.DefaultMaxChanges (or more
// text than files.DefaultMaxChangeBytes) has the first recorded and the
// rest counted in a last line: a million files made by a command are not
// a million events, nor a million copies held in memory.
func (s *Session) recordRun(ctx context.Context, c *files.Capture) []string {
	changes, more, err := c.Changes(ctx)
	if err != nil {
		lisp.Errorf("run: the command ran, but what it changed could not be captured, so undo will not put it back: %v", err)
	}
	if len(changes) == 0 && more == 0 {
		return nil
	}
	events := make([]store.NewEvent, 0, len(changes))
	lines := make([]string, 0, len(changes))
	for _, ch := range changes {
		p := runChangePayload(ch)
		events = append(events, store.NewEvent{Kind: event.KindFileChange, Turn: s.tree.head, Payload: event.Encode(p)})
		lines = append(lines, changeLine(ch))
	}
	if len(events) == 0 {
		return []string{NotRecordedLine(more)}
	}
	if _, err := s.append(ctx, events...); err != nil {
		lisp.Errorf("run: the command changed %d files, but the changes could not be recorded, so undo will not put them back: %v", len(changes), err)
	}
	if more > 0 {
		lines = append(lines, NotRecordedLine(more))
	}
	return lines
}

// NotRecordedLine is run's last :files line when the command changed more
// files than one run records.
func NotRecordedLine(n int) string {
	return fmt.Sprintf("%d more files changed, not recorded: undo will not put them back", n)
}

// runChangePayload is a captured change as a file change event.
func runChangePayload(ch files.Change) event.FileChange {
	p := event.FileChange{Path: ch.Path}
	if v := ch.Before; v != nil {
		p.Before, p.BeforeMode = v.Text, modeText(v.Mode)
		if v.Text == nil {
			p.BeforeSHA256, p.BeforeSize = v.Sum, v.Size
		}
	}
	if v := ch.After; v != nil {
		p.After, p.AfterMode = v.Text, modeText(v.Mode)
		if v.Text == nil {
			p.AfterSHA256, p.AfterSize = v.Sum, v.Size
		}
	}
	return p
}

// changeLine is one line of run's :files.
func changeLine(ch files.Change) string {
	b, a := ch.Before, ch.After
	switch {
	case b == nil && a.Text == nil:
		return fmt.Sprintf("created %s (%s, binary or over the size cap: recorded by hash)", ch.Path, files.Size(a.Size))
	case b == nil:
		return fmt.Sprintf("created %s (%s)", ch.Path, files.Size(a.Size))
	case a == nil && b.Text == nil:
		return fmt.Sprintf("deleted %s (%s, binary or over the size cap: recorded by hash only, undo cannot put it back)", ch.Path, files.Size(b.Size))
	case a == nil:
		return fmt.Sprintf("deleted %s (%s)", ch.Path, files.Size(b.Size))
	case b.Sum == a.Sum:
		return fmt.Sprintf("changed the mode of %s (%s → %s)", ch.Path, modeText(b.Mode), modeText(a.Mode))
	}
	line := fmt.Sprintf("modified %s (%s → %s)", ch.Path, files.Size(b.Size), files.Size(a.Size))
	if b.Mode != a.Mode {
		line += fmt.Sprintf(", mode %s → %s", modeText(b.Mode), modeText(a.Mode))
	}
	if b.Text == nil || a.Text == nil {
		line += "; binary or over the size cap: recorded by hash only, undo cannot put it back"
	}
	return line
}
