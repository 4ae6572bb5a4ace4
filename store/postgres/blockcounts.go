package postgres

import (
	"context"
	"maps"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/nodelisp/nodelisp/store/internal/plan"
)

// blockTable is the store's block_counts table, for plan.Counts.
type blockTable struct{ s *Store }

func (t blockTable) LoadBlocks(ctx context.Context, k plan.TableKey, first, last int64) (map[int64]int64, error) {
	rows, err := t.s.pool.Query(ctx, `SELECT block, count FROM block_counts
		WHERE session = $1 AND kinds = $2 AND pattern = $3 AND block BETWEEN $4 AND $5`,
		k.Session, k.Kinds, k.Match, first, last)
	if err != nil {
		return nil, err
	}
	m := map[int64]int64{}
	var b, n int64
	_, err = pgx.ForEachRow(rows, []any{&b, &n}, func() error {
		m[b] = n
		return nil
	})
	return m, err
}

// SaveBlocks writes the counts and drops the oldest rows past
// plan.MaxKept, in one statement. Identity values taken by rows that were
// already kept leave gaps, so the table may hold somewhat fewer.
func (t blockTable) SaveBlocks(ctx context.Context, k plan.TableKey, blocks map[int64]int64) error {
	bs := slices.Sorted(maps.Keys(blocks))
	ns := make([]int64, len(bs))
	for i, b := range bs {
		ns[i] = blocks[b]
	}
	_, err := t.s.pool.Exec(ctx, `WITH ins AS (
			INSERT INTO block_counts (session, kinds, pattern, block, count)
			SELECT $1, $2, $3, b, n FROM unnest($4::bigint[], $5::bigint[]) AS u (b, n)
			ON CONFLICT DO NOTHING RETURNING id
		)
		DELETE FROM block_counts WHERE id <= (SELECT max(id) FROM ins) - $6`,
		k.Session, k.Kinds, k.Match, bs, ns, int64(plan.MaxKept))
	return err
}
