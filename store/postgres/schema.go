package postgres

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A URL that names a schema (search_path=NAME) gets exactly that schema
// or an error: without the check, a misspelt name in NAME,public would
// silently put the store in public. And the trigram operator class is
// named with the schema pg_trgm lives in, which need not be on the
// store's search_path (search_path=NAME alone, the extension in public).

// checkSchema fails unless the connection's current schema is the first
// one the URL's search_path names. A URL without search_path uses the
// server's default, as it always did.
func checkSchema(ctx context.Context, pool *pgxpool.Pool, cfg *pgxpool.Config) error {
	path, ok := cfg.ConnConfig.RuntimeParams["search_path"]
	if !ok || strings.TrimSpace(path) == "" {
		return nil
	}
	want := firstSchema(path)
	var current *string
	if err := pool.QueryRow(ctx, `SELECT current_schema()`).Scan(&current); err != nil {
		return fmt.Errorf("read the current schema: %w", err)
	}
	if current == nil || *current != want {
		got := "none"
		if current != nil {
			got = *current
		}
		return fmt.Errorf("the URL's search_path names schema %q, which does not exist in this database (the store would go in %s): create it with CREATE SCHEMA %s, or correct the name",
			want, got, pgx.Identifier{want}.Sanitize())
	}
	return nil
}

// firstSchema is the first schema of a search_path, as PostgreSQL reads
// it: a quoted name as written, an unquoted one in lower case.
func firstSchema(path string) string {
	first, _, _ := strings.Cut(path, ",")
	first = strings.TrimSpace(first)
	if len(first) >= 2 && first[0] == '"' && first[len(first)-1] == '"' {
		return strings.ReplaceAll(first[1:len(first)-1], `""`, `"`)
	}
	return strings.ToLower(first)
}

// qualifyTrigramOps makes sure pg_trgm is installed and names its
// operator class with the extension's schema in sql.
func qualifyTrigramOps(ctx context.Context, tx pgx.Tx, sql string) (string, error) {
	if !strings.Contains(sql, "gin_trgm_ops") {
		return sql, nil
	}
	if _, err := tx.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS pg_trgm`); err != nil {
		return "", err
	}
	var schema string
	err := tx.QueryRow(ctx, `SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`).Scan(&schema)
	if err != nil {
		return "", fmt.Errorf("find pg_trgm's schema: %w", err)
	}
	return strings.ReplaceAll(sql, " gin_trgm_ops", " "+pgx.Identifier{schema}.Sanitize()+".gin_trgm_ops"), nil
}
