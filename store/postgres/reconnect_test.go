package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"io"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/postgres"
)

// TestDroppedConnectionRetried: after the server ends the store's
// connections (pg_terminate_backend, as a restart or an administrator
// would), the next append and the next read succeed on a fresh connection
// instead of failing with FATAL 57P01.
func TestDroppedConnectionRetried(t *testing.T) {
	ctx := context.Background()
	app := fmt.Sprintf("nodelisp_drop_%s", strings.ReplaceAll(t.Name(), "/", "_"))
	st, err := postgres.Open(ctx, testdb.PostgresURL(t)+"&application_name="+app)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.CreateSession(ctx, "a", ""); err != nil {
		t.Fatal(err)
	}
	conn := testdb.Connect(t)
	defer conn.Close(ctx)
	terminate := func() {
		t.Helper()
		var n int
		err := conn.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1`, app).Scan(&n)
		if err != nil || n == 0 {
			t.Fatalf("terminate the store's connections: %d ended, %v", n, err)
		}
	}
	terminate()
	out, err := st.Append(ctx, "a", []store.NewEvent{{Kind: event.KindInput, Payload: []byte(`{"text":"x","parent":0}`)}})
	if err != nil || out[0].Seq != 1 {
		t.Fatalf("append after the connection was dropped: %v %v", out, err)
	}
	terminate()
	r, err := st.Scan(ctx, store.Query{Session: "a"})
	if err != nil || len(r.Events) != 1 {
		t.Fatalf("scan after the connection was dropped: %v %v", r, err)
	}
	terminate()
	if _, err := st.Sessions(ctx); err != nil {
		t.Fatalf("sessions after the connection was dropped: %v", err)
	}
}

// TestConnectionEndedClassified covers the cases a server cannot be made
// to produce on cue: a connection lost mid-statement is not retried for a
// write, and says so.
func TestConnectionEndedClassified(t *testing.T) {
	for _, c := range []struct {
		err              error
		notStarted, lost bool
	}{
		{&pgconn.PgError{Code: "57P01"}, true, true},
		{&pgconn.PgError{Code: "23505"}, false, false},
		{fmt.Errorf("read: %w", io.ErrUnexpectedEOF), false, true},
		{errors.New("syntax"), false, false},
	} {
		ns, lost := postgres.ConnectionEnded(c.err)
		if ns != c.notStarted || lost != c.lost {
			t.Errorf("%v: notStarted %v lost %v, want %v %v", c.err, ns, lost, c.notStarted, c.lost)
		}
	}
}
