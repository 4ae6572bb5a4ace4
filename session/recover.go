package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/store"
)

// InterruptedText is the text of the tool result resume records for a cell
// whose host stopped before it finished (docs/storage.md).
const InterruptedText = "the host stopped before this cell finished"

// recover puts right on resume what a host that stopped mid-cell (kill -9,
// a full disk, a lock held past its timeout) left wrong in the log: a tool
// call with no result gets one saying so, so every later window is well
// formed, and a file whose newest recorded change never reached the disk
// gets a file change matching the disk, so undo works again.
func (s *Session) recover(ctx context.Context) error {
	if _, err := s.closeInterrupted(ctx); err != nil {
		return fmt.Errorf("resume session %s: %w", s.info.ID, err)
	}
	if err := s.reconcileFiles(ctx); err != nil {
		return fmt.Errorf("resume session %s: %w", s.info.ID, err)
	}
	return nil
}

// closeInterrupted appends a result for every tool call that has none
// among the turns the window shows, oldest first, and returns how many.
// It reads the calls from the oldest path turn the window holds on
// (windowReach), so a resume reads what the window costs, not the
// history. An evicted call has left every window for good (the boundary
// only moves forward); one on a branch older than the window is not
// looked for (docs/sessions.md). A call with
// no result may be running on another host: unless this host holds the
// lease already, it takes it without waiting and looks again, and leaves
// the calls alone when a live host holds it (lease.go).
func (s *Session) closeInterrupted(ctx context.Context) (int, error) {
	missing, err := s.unanswered(ctx)
	if err != nil || len(missing) == 0 {
		return 0, err
	}
	if !s.holding() {
		replaced, err := s.enter(ctx, 0)
		if errors.Is(err, store.ErrHeld) {
			return 0, nil
		} else if err != nil {
			return 0, err
		}
		defer s.leave(ctx)
		if missing, err = s.unanswered(ctx); err != nil {
			return 0, err
		}
		if replaced != nil {
			defer func() { s.noteTakeover(*replaced, len(missing)) }()
		}
	}
	if len(missing) == 0 {
		return 0, nil
	}
	if _, err := s.append(ctx, missing...); err != nil {
		return 0, fmt.Errorf("record %d interrupted cells: %w", len(missing), err)
	}
	return len(missing), nil
}

// unanswered is an interrupted result for each tool call with no result,
// from the window's reach on.
func (s *Session) unanswered(ctx context.Context) ([]store.NewEvent, error) {
	after, err := s.windowReach(ctx)
	if err != nil {
		return nil, err
	}
	r, err := s.st.Scan(ctx, store.Query{Session: s.info.ID, Kinds: []string{event.KindToolCall, event.KindToolResult}, After: after})
	if err != nil {
		return nil, err
	}
	answered := map[int64]bool{}
	for _, e := range r.Events {
		if e.Kind != event.KindToolResult {
			continue
		}
		if p, err := event.Decode[event.ToolResult](e.Payload); err == nil {
			answered[p.Call] = true
		}
	}
	var missing []store.NewEvent
	for _, e := range r.Events {
		if e.Kind != event.KindToolCall || answered[e.Seq] {
			continue
		}
		missing = append(missing, store.NewEvent{Kind: event.KindToolResult, Turn: e.Turn, Payload: event.Encode(event.ToolResult{
			Call: e.Seq, Text: InterruptedText, Error: true, Defined: []string{}, Watching: map[string]string{}, Interrupted: true,
		})})
	}
	return missing, nil
}

// reconcileFiles compares each file the log has changed with the disk.
// Where the disk still holds what the file held before the newest recorded
// change (the host died between recording the change and making it), it
// appends a file change of the head turn from the recorded contents back
// to the disk's, so the log is the truth about the disk again and undo
// restores from there. Any other difference is someone else's edit, made
// while no host ran: the log is left as it is, so undo, redo and rewind
// find the file changed since and leave it alone, as they do with an edit
// made while a host runs (issue 29: undo after a resume deleted such an
// edit). Temporary files a staged write left beside them are removed. A
// file that is no longer text (or is now a directory) is left to the
// restore, which refuses it.
func (s *Session) reconcileFiles(ctx context.Context) error {
	if s.opts.Workdir == "" {
		return nil
	}
	r, err := s.st.Scan(ctx, store.Query{Session: s.info.ID, Kinds: []string{event.KindFileChange}})
	if err != nil {
		return err
	}
	if len(r.Events) == 0 {
		return nil
	}
	// newest is each file's newest recorded change.
	newest := map[string]event.FileChange{}
	var order []string
	for _, e := range r.Events {
		var p event.FileChange
		if json.Unmarshal(e.Payload, &p) != nil || p.Path == "" {
			continue
		}
		if _, seen := newest[p.Path]; !seen {
			order = append(order, p.Path)
		}
		newest[p.Path] = p
	}
	d, err := s.fileDir()
	if err != nil {
		return fmt.Errorf("reconcile files: %w", err)
	}
	dirs := map[string]bool{}
	for _, p := range order {
		dir := path.Dir(p)
		if !dirs[dir] {
			dirs[dir] = true
			if _, err := d.RemoveTemps(dir); err != nil {
				return fmt.Errorf("reconcile files: %w", err)
			}
		}
	}
	var changes []store.NewEvent
	for _, p := range order {
		c := newest[p]
		if c.AfterSHA256 != "" || c.BeforeSHA256 != "" {
			continue // recorded by hash only: no contents to compare with
		}
		text, ok, err := d.State(p)
		if err != nil {
			continue
		}
		disk := fileContent(text, ok)
		if sameText(disk, c.After) || !sameText(disk, c.Before) {
			continue
		}
		changes = append(changes, store.NewEvent{Kind: event.KindFileChange, Turn: s.tree.head,
			Payload: event.Encode(event.FileChange{Path: p, Before: c.After, After: disk, Reconciled: true})})
	}
	if len(changes) == 0 {
		return nil
	}
	if _, err := s.append(ctx, changes...); err != nil {
		return fmt.Errorf("reconcile %d files with the log: %w", len(changes), err)
	}
	return nil
}

// windowReach is the seq after which the events of the turns the window
// shows lie: just before the oldest path turn the boundary leaves in it,
// or, with head at the root, the boundary itself.
func (s *Session) windowReach(ctx context.Context) (int64, error) {
	boundary, err := s.readBoundary(ctx)
	if err != nil {
		return 0, err
	}
	if s.tree.head == 0 {
		return boundary, nil
	}
	for _, t := range s.tree.path(s.tree.head) {
		if !s.evicted(t, boundary) {
			return t - 1, nil
		}
	}
	return boundary, nil
}
