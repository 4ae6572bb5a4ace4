package sqlite

import (
	"context"
	"database/sql"
	"maps"
	"slices"
	"strings"

	"github.com/nodelisp/nodelisp/store/internal/plan"
)

// blockTable is the store's block_counts table, for plan.Counts.
type blockTable struct{ s *Store }

func (t blockTable) LoadBlocks(ctx context.Context, k plan.TableKey, first, last int64) (map[int64]int64, error) {
	rows, err := t.s.query(ctx, `SELECT block, count FROM block_counts
		WHERE session = ? AND kinds = ? AND pattern = ? AND block BETWEEN ? AND ?`,
		k.Session, k.Kinds, k.Match, first, last)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	m := map[int64]int64{}
	for rows.Next() {
		var b, n int64
		if err := rows.Scan(&b, &n); err != nil {
			return nil, err
		}
		m[b] = n
	}
	return m, rows.Err()
}

// saveChunk keeps a write's statement well under SQLite's limit of
// bound values.
const saveChunk = 500

// SaveBlocks writes the counts in one transaction and drops the oldest
// rows past plan.MaxKept. It queues behind this process's appends like
// any writer; the caller's deadline bounds the wait.
func (t blockTable) SaveBlocks(ctx context.Context, k plan.TableKey, blocks map[int64]int64) error {
	return t.s.write(ctx, func(tx *sql.Tx) error {
		for chunk := range slices.Chunk(slices.Sorted(maps.Keys(blocks)), saveChunk) {
			var args []any
			for _, b := range chunk {
				args = append(args, k.Session, k.Kinds, k.Match, b, blocks[b])
			}
			values := "(?, ?, ?, ?, ?)" + strings.Repeat(", (?, ?, ?, ?, ?)", len(chunk)-1)
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO block_counts
				(session, kinds, pattern, block, count) VALUES `+values, args...); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM block_counts
			WHERE id <= (SELECT max(id) FROM block_counts) - ?`, plan.MaxKept)
		return err
	})
}
