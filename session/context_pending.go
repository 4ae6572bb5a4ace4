package session

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"io/fs"
	"os"
	"path/filepath"

	ctxfile "github.com/nodelisp/nodelisp/context"
	"github.com/nodelisp/nodelisp/paths"
)

// pendingName is the file beside context.txt that remembers what is
// pending until the next request: the export the file was written from and
// any (context …) calls. It lives on disk, not in the Session, so a host
// that restarts between an export and its request still takes the edit.
const pendingName = "context.pending.json"

// pendingContext is what waits for the next request.
type pendingContext struct {
	// Export is the pending export, nil when none: the file's bytes as
	// written (Hash) and what they showed.
	Export *pendingExport `json:"export,omitempty"`
	// Calls are (context …) calls made since the last request, in order.
	Calls []pendingCall `json:"calls,omitempty"`
	// Settled is the hash of the file as the last request that read it
	// left it: a file still so is nothing to do.
	Settled string `json:"settled,omitempty"`
}

type pendingExport struct {
	ctxfile.Export
	Hash string `json:"hash"`
	// AfterEdit is the newest context edit when the export was made: an
	// edit taken since makes the export stale.
	AfterEdit int64 `json:"after_edit"`
}

// pendingCall is one (context …) call, resolved against the window it was
// made in.
type pendingCall struct {
	ID    string   `json:"id"`
	Drops []string `json:"drops"`
	Note  string   `json:"note"`
	// NoteTurn and NoteAfter place the note: after the last finished turn,
	// before the running turn.
	NoteTurn  int64 `json:"note_turn"`
	NoteAfter int64 `json:"note_after"`
}

// contextHome is the nodelisp home the context files live under, as the
// host resolved it (Options.Home).
func (s *Session) contextHome() string { return s.opts.Home }

func (s *Session) contextFile() string {
	return paths.ContextFile(s.contextHome(), s.st.ID(), s.info.ID)
}

func (s *Session) receiptFile() string {
	return paths.ReceiptFile(s.contextHome(), s.st.ID(), s.info.ID)
}

func (s *Session) pendingFile() string {
	return filepath.Join(paths.ContextDir(s.contextHome(), s.st.ID(), s.info.ID), pendingName)
}

// readPending reads the pending state; none is the zero value.
func (s *Session) readPending() (pendingContext, error) {
	var p pendingContext
	data, err := os.ReadFile(s.pendingFile())
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return p, fmt.Errorf("context: %w", err)
	}
	if err := json.Unmarshal(data, &p); err != nil {
		// A damaged state file loses what was pending, nothing more: the
		// log holds every taken edit. The next request says so in a
		// receipt (refuseUnreadable).
		return pendingContext{}, &errPendingDamaged{err: err}
	}
	return p, nil
}

// writePending writes what is pending, encoded as the log encodes its
// payloads (it is not one: the file is the host's, not the log's).
func (s *Session) writePending(p pendingContext) error {
	data, err := event.Marshal(p)
	if err != nil {
		return fmt.Errorf("context: %w", err)
	}
	return writeContextFile(s.pendingFile(), data)
}

// writeContextFile writes a file of the session's context folder whole:
// to a temporary name first, so a reader never sees half of it.
func writeContextFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("context: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("context: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("context: %w", err)
	}
	return nil
}

func hashBytes(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
