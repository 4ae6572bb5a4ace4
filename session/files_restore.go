package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/files"
	"github.com/nodelisp/nodelisp/store"
)

// fileRestore is what a head move does to one file: replace the contents
// the old head turn left (expect) with those the target turn left
// (target), unless someone changed the file since.
type fileRestore struct {
	path           string
	expect, target *string
	// expectSum and targetSum are set for a side known by hash only (a
	// binary file or one over the cap a run changed); targetMode is the
	// permission bits the target left, when a run recorded them.
	expectSum, targetSum string
	targetMode           string
	newest               int64 // seq of the newest change the move crosses, for the report order
}

// restorePlan is every file a head move restores, newest change first.
type restorePlan struct {
	dir   *files.Dir
	files []fileRestore
}

// planRestore works out, from the log alone, what moving head from turn
// from to turn to does to files. Going from one turn to another crosses
// the turns from the old head back to their common ancestor, whose changes
// are undone newest first, then the turns from the ancestor down to the
// target, whose changes are re-applied oldest first. Folded per file that
// is: the file should hold what the old head left, and gets what the
// target left.
func (s *Session) planRestore(ctx context.Context, from, to int64) (restorePlan, error) {
	if s.opts.Workdir == "" {
		return restorePlan{}, nil
	}
	anc := s.commonAncestor(from, to)
	up, down := turnsBelow(s.tree.path(from), anc), turnsBelow(s.tree.path(to), anc)
	if len(up)+len(down) == 0 {
		return restorePlan{}, nil
	}
	// Each crossed turn's place, in path order, so changes fold in the
	// order their turns stand on the path and then by seq.
	place := map[int64]int{}
	first := int64(-1)
	for i, t := range append(append([]int64(nil), up...), down...) {
		place[t] = i
		if first < 0 || t < first {
			first = t
		}
	}
	inUp := map[int64]bool{}
	for _, t := range up {
		inUp[t] = true
	}
	r, err := s.st.Scan(ctx, store.Query{Session: s.info.ID, Kinds: []string{event.KindFileChange}, After: first - 1})
	if err != nil {
		return restorePlan{}, fmt.Errorf("restore files of session %s: %w", s.info.ID, err)
	}
	type change struct {
		event.FileChange
		seq, turn int64
	}
	var upChanges, downChanges []change
	for _, e := range r.Events {
		if _, ok := place[e.Turn]; !ok {
			continue
		}
		var p event.FileChange
		if json.Unmarshal(e.Payload, &p) != nil || p.Path == "" || p.Move != 0 {
			continue
		}
		c := change{p, e.Seq, e.Turn}
		if inUp[e.Turn] {
			upChanges = append(upChanges, c)
		} else {
			downChanges = append(downChanges, c)
		}
	}
	for _, cs := range [][]change{upChanges, downChanges} {
		sort.SliceStable(cs, func(i, j int) bool {
			if place[cs[i].turn] != place[cs[j].turn] {
				return place[cs[i].turn] < place[cs[j].turn]
			}
			return cs[i].seq < cs[j].seq
		})
	}
	byPath := map[string]*fileRestore{}
	var order []*fileRestore
	get := func(c change) *fileRestore {
		f, ok := byPath[c.Path]
		if !ok {
			f = &fileRestore{path: c.Path}
			byPath[c.Path] = f
			order = append(order, f)
		}
		f.newest = max(f.newest, c.seq)
		return f
	}
	// The old head left the newest up-side change's after; the target
	// has the oldest up-side change's before, unless the down side
	// changes the file again.
	seenUp := map[string]bool{}
	for i := len(upChanges) - 1; i >= 0; i-- {
		c := upChanges[i]
		f := get(c)
		if !seenUp[c.Path] {
			f.expect, f.expectSum = c.After, c.AfterSHA256
			seenUp[c.Path] = true
		}
		f.target, f.targetSum, f.targetMode = c.Before, c.BeforeSHA256, c.BeforeMode
	}
	seenDown := map[string]bool{}
	for _, c := range downChanges {
		f := get(c)
		if !seenDown[c.Path] && !seenUp[c.Path] {
			f.expect, f.expectSum = c.Before, c.BeforeSHA256
		}
		seenDown[c.Path] = true
		f.target, f.targetSum, f.targetMode = c.After, c.AfterSHA256, c.AfterMode
	}
	if len(order) == 0 {
		return restorePlan{}, nil
	}
	d, err := s.fileDir()
	if err != nil {
		return restorePlan{}, fmt.Errorf("restore files: %w (move with the files kept to leave them)", err)
	}
	plan := restorePlan{dir: d}
	for _, f := range order {
		plan.files = append(plan.files, *f)
	}
	sort.SliceStable(plan.files, func(i, j int) bool { return plan.files[i].newest > plan.files[j].newest })
	return plan, nil
}

// applyRestore carries out a plan for the head move at seq moveSeq to turn
// to, and returns one line per file it touched or left. Each restore is
// recorded as a file change of turn to, marked with the move, so the log
// stays the truth about disk.
func (s *Session) applyRestore(ctx context.Context, plan restorePlan, to, moveSeq int64) []string {
	var lines []string
	for _, f := range plan.files {
		if line := s.restoreFile(ctx, plan.dir, f, to, moveSeq); line != "" {
			lines = append(lines, line)
		}
	}
	return lines
}

func (s *Session) restoreFile(ctx context.Context, d *files.Dir, f fileRestore, to, moveSeq int64) string {
	text, ok, err := d.State(f.path)
	var current *string
	currentSum := "" // set when the file is there but not text the log can carry
	switch {
	case errors.Is(err, files.ErrOutside):
		return "left " + f.path + ": outside the working directory (not touched)"
	case errors.Is(err, files.ErrNotText), errors.Is(err, files.ErrTooLarge):
		if f.expectSum == "" && f.targetSum == "" {
			// What the log recorded was text; something else is there now.
			return "left " + f.path + ": changed since (not overwritten)"
		}
		if currentSum, err = d.Sum(f.path); err != nil {
			return "left " + f.path + ": " + err.Error()
		}
	case errors.Is(err, files.ErrIsDir):
		return "left " + f.path + ": changed since (not overwritten)"
	case err != nil:
		return "left " + f.path + ": " + err.Error()
	default:
		current = fileContent(text, ok)
	}
	if sameSide(current, currentSum, f.target, f.targetSum) {
		return s.restoreMode(ctx, d, f, to, moveSeq, current, currentSum)
	}
	if !sameSide(current, currentSum, f.expect, f.expectSum) {
		return "left " + f.path + ": changed since (not overwritten)"
	}
	if f.targetSum != "" {
		return "left " + f.path + ": not restored (a run changed it and its contents were recorded by hash only: a binary file or one over the size cap)"
	}
	p := event.FileChange{Path: f.path, Before: current, After: f.target, Move: moveSeq, BeforeSHA256: currentSum}
	if f.target != nil {
		p.AfterMode = f.targetMode
	}
	if err := s.putRecorded(ctx, d, f.path, to, p); err != nil {
		return "left " + f.path + ": " + err.Error()
	}
	if f.target == nil {
		return "removed " + f.path
	}
	if f.targetMode != "" {
		if err := chmodRecorded(d, f.path, f.targetMode); err != nil {
			return "left " + f.path + ": restored, but not its mode: " + err.Error()
		}
	}
	return "restored " + f.path
}

// sameSide reports whether two sides of a file change are the same
// contents: by hash when either is known by hash only.
func sameSide(a *string, aSum string, b *string, bSum string) bool {
	if aSum != "" || bSum != "" {
		return aSum == bSum
	}
	return sameText(a, b)
}

// restoreMode puts back the permission bits the target left on a file
// whose contents are already right, recording the change first.
func (s *Session) restoreMode(ctx context.Context, d *files.Dir, f fileRestore, to, moveSeq int64, current *string, currentSum string) string {
	if f.targetMode == "" || (current == nil && currentSum == "") {
		return ""
	}
	mode, ok, err := d.Mode(f.path)
	if err != nil || !ok || modeText(mode) == f.targetMode {
		return ""
	}
	p := event.FileChange{Path: f.path, Before: current, After: current, Move: moveSeq,
		BeforeMode: modeText(mode), AfterMode: f.targetMode, BeforeSHA256: currentSum, AfterSHA256: currentSum}
	if _, err := s.append(ctx, store.NewEvent{Kind: event.KindFileChange, Turn: to, Payload: event.Encode(p)}); err != nil {
		return "left " + f.path + ": " + (&unrecordedError{err: err}).Error()
	}
	if err := chmodRecorded(d, f.path, f.targetMode); err != nil {
		return "left " + f.path + ": " + err.Error()
	}
	return "restored " + f.path
}

// commonAncestor is the deepest turn on the paths to both a and b; 0, the
// root, when they share none.
func (s *Session) commonAncestor(a, b int64) int64 {
	onA := map[int64]bool{}
	for _, t := range s.tree.path(a) {
		onA[t] = true
	}
	p := s.tree.path(b)
	for i := len(p) - 1; i >= 0; i-- {
		if onA[p[i]] {
			return p[i]
		}
	}
	return 0
}

// turnsBelow is the part of a root-first path after turn anc (all of it
// when anc is the root, 0).
func turnsBelow(path []int64, anc int64) []int64 {
	if anc == 0 {
		return path
	}
	for i, t := range path {
		if t == anc {
			return path[i+1:]
		}
	}
	return path
}
