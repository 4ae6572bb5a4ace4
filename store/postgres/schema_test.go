package postgres_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/store/postgres"
)

// withSearchPath is the test server's URL with search_path set to path.
func withSearchPath(t *testing.T, path string) string {
	u, err := url.Parse(testdb.BaseURL())
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", path)
	u.RawQuery = q.Encode()
	return u.String()
}

// docs/storage.md's recipe, search_path=NAME alone, opens a store in NAME
// even though pg_trgm lives in public; a schema that does not exist fails,
// with NAME,public too, instead of putting the store in public.
func TestSchemaInURL(t *testing.T) {
	ctx := context.Background()
	conn := testdb.Connect(t)
	defer conn.Close(ctx)
	name := "nodelisp_test_only_" + strings.ToLower(strings.ReplaceAll(t.Name(), "/", "_"))
	conn.Exec(ctx, `DROP SCHEMA IF EXISTS `+name+` CASCADE`)
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Exec(context.Background(), `DROP SCHEMA IF EXISTS `+name+` CASCADE`) })

	st, err := postgres.Open(ctx, withSearchPath(t, name))
	if err != nil {
		t.Fatalf("search_path=%s: %v", name, err)
	}
	st.Close()
	var tables int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'events'`, name).Scan(&tables); err != nil || tables != 1 {
		t.Errorf("events table in %s: %d (%v)", name, tables, err)
	}

	for _, path := range []string{name + "_misspelt", name + "_misspelt,public"} {
		_, err := postgres.Open(ctx, withSearchPath(t, path))
		if err == nil || !strings.Contains(err.Error(), "does not exist in this database") || !strings.Contains(err.Error(), "CREATE SCHEMA") {
			t.Errorf("search_path=%s: %v", path, err)
		}
	}
}
