package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/nodelisp/nodelisp/store"
)

// applyMarks sets the flags an append decides on earlier events of its
// session (store.PlanFlags). Only the derived echo column changes; no
// trigger watches it, so the FTS indexes are not touched.
func applyMarks(ctx context.Context, tx *sql.Tx, session string, marks []store.Mark) error {
	for _, m := range marks {
		_, err := tx.ExecContext(ctx, `UPDATE events SET echo = echo | ?
			WHERE session = ? AND seq = ? AND kind = ? AND (? = '' OR body = ?)`,
			m.Flag, session, m.Seq, m.Kind, m.Body, m.Body)
		if err != nil {
			return fmt.Errorf("flag seq %d: %w", m.Seq, err)
		}
	}
	return nil
}

// hidden is the condition leaving out the flags a read skips, on the
// echo column of prefix ("" or "e."), ANDed after others: empty when the
// read skips none. The values kept are constants written in the SQL
// (store.VisibleSQL).
func hidden(prefix string, skipEchoes, skipRepeats bool) string {
	m := store.Hidden(skipEchoes, skipRepeats)
	if m == 0 {
		return ""
	}
	return " AND " + store.VisibleSQL(prefix+"echo", m)
}
