package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/nodelisp/nodelisp/store"
)

const sessionCols = `id, title, created_at, parent, fork_seq, source`

func scanSession(r pgx.Row) (store.Session, error) {
	var s store.Session
	var parent, source *string
	if err := r.Scan(&s.ID, &s.Title, &s.CreatedAt, &parent, &s.ForkSeq, &source); err != nil {
		return store.Session{}, err
	}
	if source != nil {
		s.Source = []byte(*source)
	}
	s.CreatedAt = s.CreatedAt.UTC()
	if parent != nil {
		s.Parent = *parent
	}
	return s, nil
}

func collectSessions(rows pgx.Rows) ([]store.Session, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Session, error) { return scanSession(r) })
}

// isUniqueViolation reports a duplicate key, which for sessions means the
// id is taken.
func isUniqueViolation(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// createSessionOnce creates a root session.
func (s *Store) createSessionOnce(ctx context.Context, id, title string) (store.Session, error) {
	if id == "" {
		id = store.NewSessionID()
	}
	if err := store.CheckID(id); err != nil {
		return store.Session{}, fmt.Errorf("create session: %w", err)
	}
	sess, err := scanSession(s.pool.QueryRow(ctx, `INSERT INTO sessions (id, title, created_at, next_seq)
		VALUES ($1, $2, clock_timestamp(), 1) RETURNING `+sessionCols, id, title))
	if isUniqueViolation(err) {
		err = store.ErrExists
	}
	if err != nil {
		return store.Session{}, fmt.Errorf("create session %s: %w", id, err)
	}
	return sess, nil
}

// forkOnce creates a session forked from parent at forkSeq, reading the
// parent's counter under a share lock so the fork point is a seq the
// parent really has.
func (s *Store) forkOnce(ctx context.Context, parent string, forkSeq int64, id, title string) (store.Session, error) {
	if id == "" {
		id = store.NewSessionID()
	}
	if err := store.CheckID(id); err != nil {
		return store.Session{}, fmt.Errorf("fork session %s: %w", parent, err)
	}
	var sess store.Session
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var next int64
		err := tx.QueryRow(ctx, `SELECT next_seq FROM sessions WHERE id = $1 FOR SHARE`, parent).Scan(&next)
		if errors.Is(err, pgx.ErrNoRows) {
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
		sess, err = scanSession(tx.QueryRow(ctx, `INSERT INTO sessions (id, title, created_at, parent, fork_seq, next_seq)
			VALUES ($1, $2, clock_timestamp(), $3, $4, $5) RETURNING `+sessionCols, id, title, parent, forkSeq, forkSeq+1))
		if isUniqueViolation(err) {
			return store.ErrExists
		}
		return err
	})
	if err != nil {
		return store.Session{}, fmt.Errorf("fork session %s as %s: %w", parent, id, err)
	}
	return sess, nil
}

// sessionOnce returns one session.
func (s *Store) sessionOnce(ctx context.Context, id string) (store.Session, error) {
	sess, err := scanSession(s.pool.QueryRow(ctx, `SELECT `+sessionCols+` FROM sessions WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		err = store.ErrNotFound
	}
	if err != nil {
		return store.Session{}, fmt.Errorf("session %s: %w", id, err)
	}
	return sess, nil
}

// sessionsOnce lists every session, oldest first.
func (s *Store) sessionsOnce(ctx context.Context) ([]store.Session, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+sessionCols+` FROM sessions ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	out, err := collectSessions(rows)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	return out, nil
}

// lineageOnce returns the session and its ancestors, nearest first.
func (s *Store) lineageOnce(ctx context.Context, id string) ([]store.Session, error) {
	rows, err := s.pool.Query(ctx, `WITH RECURSIVE l (id, depth) AS (
			SELECT id, 0 FROM sessions WHERE id = $1
			UNION ALL
			SELECT s.parent, l.depth + 1 FROM sessions s JOIN l ON s.id = l.id WHERE s.parent IS NOT NULL AND l.depth < $2
		)
		SELECT s.id, s.title, s.created_at, s.parent, s.fork_seq, s.source FROM l JOIN sessions s ON s.id = l.id ORDER BY l.depth`, id, store.MaxLineage)
	if err != nil {
		return nil, fmt.Errorf("lineage of %s: %w", id, err)
	}
	out, err := collectSessions(rows)
	if err != nil {
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
