package sqlite

import (
	"context"
	"database/sql"
	"strings"

	"github.com/nodelisp/nodelisp/store"
)

// insertChunk is how many events one INSERT statement carries. FTS5 writes
// its pending index data out at the end of every statement inside a
// transaction, so one row per statement makes bulk writes several times
// slower; 1,000 rows stay well under SQLite's 32,766 bound parameters.
const insertChunk = 1000

// insertEvents inserts events with their flags (store.Hidden's bits),
// computing each body, a chunk per statement.
func insertEvents(ctx context.Context, tx *sql.Tx, events []store.Event, flags []int, progress func(int64)) error {
	var done int64
	for len(events) > 0 {
		chunk := events[:min(insertChunk, len(events))]
		events = events[len(chunk):]
		var sb strings.Builder
		chunkFlags := flags[:len(chunk)]
		flags = flags[len(chunk):]
		sb.WriteString(`INSERT INTO events (session, seq, at, kind, turn, payload, body, echo) VALUES `)
		args := make([]any, 0, 8*len(chunk))
		for i, e := range chunk {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, e.Session, e.Seq, e.At.UnixMicro(), e.Kind, e.Turn, string(e.Payload), store.Body(e.Kind, e.Payload), chunkFlags[i])
		}
		if _, err := tx.ExecContext(ctx, sb.String(), args...); err != nil {
			return err
		}
		done += int64(len(chunk))
		if progress != nil {
			progress(done)
		}
	}
	return nil
}
