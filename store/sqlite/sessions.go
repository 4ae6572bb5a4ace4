package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/nodelisp/nodelisp/store"
)

const (
	sessionCols  = `id, title, created_at, parent, fork_seq, source`
	sessionColsS = `s.id, s.title, s.created_at, s.parent, s.fork_seq, s.source`
)

type rowScanner interface{ Scan(dest ...any) error }

func scanSession(r rowScanner) (store.Session, error) {
	var s store.Session
	var at int64
	var parent sql.NullString
	var fork sql.NullInt64
	var source sql.NullString
	if err := r.Scan(&s.ID, &s.Title, &at, &parent, &fork, &source); err != nil {
		return store.Session{}, err
	}
	if source.Valid {
		s.Source = []byte(source.String)
	}
	s.CreatedAt = time.UnixMicro(at).UTC()
	s.Parent = parent.String
	if fork.Valid {
		s.ForkSeq = &fork.Int64
	}
	return s, nil
}

// CreateSession creates a root session.
func (s *Store) CreateSession(ctx context.Context, id, title string) (store.Session, error) {
	if id == "" {
		id = store.NewSessionID()
	}
	if err := store.CheckID(id); err != nil {
		return store.Session{}, fmt.Errorf("create session: %w", err)
	}
	sess := store.Session{ID: id, Title: title, CreatedAt: store.Now()}
	err := s.write(ctx, func(tx *sql.Tx) error {
		return insertSession(ctx, tx, sess, 1)
	})
	if err != nil {
		return store.Session{}, fmt.Errorf("create session %s: %w", id, err)
	}
	return sess, nil
}

// Fork creates a session forked from parent at forkSeq.
func (s *Store) Fork(ctx context.Context, parent string, forkSeq int64, id, title string) (store.Session, error) {
	if id == "" {
		id = store.NewSessionID()
	}
	if err := store.CheckID(id); err != nil {
		return store.Session{}, fmt.Errorf("fork session %s: %w", parent, err)
	}
	sess := store.Session{ID: id, Title: title, CreatedAt: store.Now(), Parent: parent}
	err := s.write(ctx, func(tx *sql.Tx) error {
		var next int64
		err := tx.QueryRowContext(ctx, `SELECT next_seq FROM sessions WHERE id = ?`, parent).Scan(&next)
		if errors.Is(err, sql.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		if forkSeq <= 0 {
			forkSeq = next - 1
		}
		if forkSeq >= next {
			return fmt.Errorf("fork seq %d is past the last seq %d: %w", forkSeq, next-1, store.ErrInvalid)
		}
		sess.ForkSeq = &forkSeq
		return insertSession(ctx, tx, sess, forkSeq+1)
	})
	if err != nil {
		return store.Session{}, fmt.Errorf("fork session %s as %s: %w", parent, id, err)
	}
	return sess, nil
}

func insertSession(ctx context.Context, tx *sql.Tx, sess store.Session, next int64) error {
	var exists int
	err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sessions WHERE id = ?`, sess.ID).Scan(&exists)
	if err != nil {
		return err
	}
	if exists > 0 {
		return store.ErrExists
	}
	var parent any
	if sess.Parent != "" {
		parent = sess.Parent
	}
	var fork any
	if sess.ForkSeq != nil {
		fork = *sess.ForkSeq
	}
	var source any
	if sess.Source != nil {
		source = string(sess.Source)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO sessions (id, title, created_at, parent, fork_seq, next_seq, source)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, sess.ID, sess.Title, sess.CreatedAt.UnixMicro(), parent, fork, next, source)
	return err
}

// Session returns one session.
func (s *Store) Session(ctx context.Context, id string) (store.Session, error) {
	sess, err := scanSession(s.db.QueryRowContext(ctx, `SELECT `+sessionCols+` FROM sessions WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		err = store.ErrNotFound
	}
	if err != nil {
		return store.Session{}, fmt.Errorf("session %s: %w", id, err)
	}
	return sess, nil
}

// Sessions lists every session, oldest first.
func (s *Store) Sessions(ctx context.Context) ([]store.Session, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+sessionCols+` FROM sessions ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	defer rows.Close()
	var out []store.Session
	for rows.Next() {
		sess, err := scanSession(rows)
		if err != nil {
			return nil, fmt.Errorf("list sessions: %w", err)
		}
		out = append(out, sess)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	return out, nil
}

// Lineage returns the session and its ancestors, nearest first.
func (s *Store) Lineage(ctx context.Context, id string) ([]store.Session, error) {
	rows, err := s.query(ctx, `WITH RECURSIVE l (id, depth) AS (
			SELECT id, 0 FROM sessions WHERE id = ?
			UNION ALL
			SELECT s.parent, l.depth + 1 FROM sessions s JOIN l ON s.id = l.id WHERE s.parent IS NOT NULL AND l.depth < ?
		)
		SELECT `+sessionColsS+` FROM l JOIN sessions s ON s.id = l.id ORDER BY l.depth`, id, store.MaxLineage)
	if err != nil {
		return nil, fmt.Errorf("lineage of %s: %w", id, err)
	}
	defer rows.Close()
	var out []store.Session
	for rows.Next() {
		sess, err := scanSession(rows)
		if err != nil {
			return nil, fmt.Errorf("lineage of %s: %w", id, err)
		}
		out = append(out, sess)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("lineage of %s: %w", id, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("lineage of %s: %w", id, store.ErrNotFound)
	}
	if len(out) > store.MaxLineage {
		return nil, fmt.Errorf("lineage of %s: %w", id, store.ErrLineageTooDeep)
	}
	return out, nil
}
