package session

import (
	"context"

	ctxfile "github.com/nodelisp/nodelisp/context"
	"github.com/nodelisp/nodelisp/store"
)

// ExportContext writes the window as it stands to the session's context
// file, HOME/context/STORE/SESSION/context.txt, and returns its path (docs/context.md,
// what (context) does). The export is pending until a request finds
// the file changed: that request takes the edit or refuses it. Exporting
// is looking, not a request: it appends nothing to the log.
func (s *Session) ExportContext(ctx context.Context) (string, error) {
	a, w, err := s.look(ctx)
	if err != nil {
		return "", err
	}
	exp := ctxfile.Export{Nonce: ctxfile.NewNonce(), Store: s.st.ID(), Session: s.info.ID, Head: s.tree.head}
	for _, m := range w.Messages {
		exp.Messages = append(exp.Messages, ctxfile.Message{ID: m.ID, Role: m.Role, Text: m.Text})
	}
	exp.Removed = a.removed()
	data := ctxfile.Format(&exp)
	path := s.contextFile()
	if err := writeContextFile(path, data); err != nil {
		return "", err
	}
	p, err := s.readPendingToWrite()
	if err != nil {
		return "", err
	}
	hash := hashBytes(data)
	p.Export = &pendingExport{Export: exp, Hash: hash, AfterEdit: a.edits.lastSeq}
	p.Settled = hash
	if err := s.writePending(p); err != nil {
		return "", err
	}
	return path, nil
}

// look builds the window without making it a request, and keeps its
// material.
func (s *Session) look(ctx context.Context) (*assembly, *Window, error) {
	st, err := s.loadLastEvents(ctx)
	if err != nil {
		return nil, nil, err
	}
	a, err := s.assemble(ctx, st)
	if err != nil {
		return nil, nil, err
	}
	return a, a.window(s.budget(st), st), nil
}

// removed are the messages of the retained turns that edits dropped, and
// so can come back: log messages by seq, then notes, turn by turn.
func (a *assembly) removed() []ctxfile.Message {
	var out []ctxfile.Message
	for _, t := range a.turns {
		for _, e := range t.windowEvents() {
			if m, ok := logMessage(e); ok && a.edits.isDropped(e.Seq) {
				out = append(out, ctxfile.Message{ID: m.ID, Role: m.Role})
			}
		}
		for _, n := range a.edits.notes[t.input.Seq] {
			if a.edits.dropped[n.ID] {
				out = append(out, ctxfile.Message{ID: n.ID, Role: RoleAssistant})
			}
		}
	}
	return out
}

// windowEvents are the turn's input and the events of its kept rounds, in
// seq order: what of the turn the window holds (shed rounds are evicted).
func (t *windowTurn) windowEvents() []store.Event {
	out := []store.Event{t.input}
	for _, r := range t.keptRounds() {
		out = append(out, r...)
	}
	return out
}
