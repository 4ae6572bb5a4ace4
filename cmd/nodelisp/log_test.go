package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// log gen writes JSON Lines that import reads and export writes back
// byte for byte.
func TestLogGenImportExport(t *testing.T) {
	env := testEnv(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "gen.jsonl")
	mustRun(t, env, "", "log", "gen", "--sessions", "2", "--events", "30", "--out", file)
	gen, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(gen), "\n"); n != 62 {
		t.Errorf("gen wrote %d lines, want 2 sessions and 60 events", n)
	}
	r := runBin(t, env, "", "log", "import", file)
	if r.code != 0 || r.stderr != "imported 2 sessions, 60 events\n" {
		t.Fatalf("import: exit %d, stderr %q", r.code, r.stderr)
	}
	if out := mustRun(t, env, "", "log", "export"); out != string(gen) {
		t.Errorf("export differs from the imported file")
	}
	one := mustRun(t, env, "", "log", "export", "--session", "gen-000001")
	if !strings.HasPrefix(one, `{"type":"session","id":"gen-000001"`) || strings.Count(one, "\n") != 31 {
		t.Errorf("export --session: %d lines", strings.Count(one, "\n"))
	}

	list := mustRun(t, env, "", "sessions")
	row := regexp.MustCompile(`(?m)^gen-000000 +synthetic gen-000000 +30 events +\d{4}-\d\d-\d\dT[\d:.]+Z +-$`)
	if !row.MatchString(list) || strings.Count(list, "\n") != 2 {
		t.Errorf("sessions:\n%s", list)
	}

	// A second import of the same sessions is refused whole.
	r = runBin(t, env, "", "log", "import", file)
	if r.code != 1 || !strings.Contains(r.stderr, "nothing imported") {
		t.Errorf("re-import: exit %d, stderr %q", r.code, r.stderr)
	}
}

// A malformed line is reported with its line number and nothing of the
// file is imported.
func TestLogImportMalformedLine(t *testing.T) {
	env := testEnv(t)
	file := filepath.Join(t.TempDir(), "bad.jsonl")
	writeFile(t, file, `{"type":"session","id":"s1","title":"t","created_at":"2026-11-30T10:00:00.000000Z","parent":null,"fork_seq":null}
{"type":"event","session":"s1","seq":1,"at":"2026-11-30T10:00:00.000000Z","kind":"input","turn":1,"payload":{"text":"hi","parent":0}}
{"type":"event","session":"s1","seq":2,"at":"2026-11-30T10:00:00.000000Z","kind":"input","turn":2,"payload":{"text":
`)
	r := runBin(t, env, "", "log", "import", file)
	if r.code != 1 || !strings.HasPrefix(r.stderr, "nodelisp: "+file+":3: ") || !strings.Contains(r.stderr, "nothing imported") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	if out := mustRun(t, env, "", "sessions"); out != "" {
		t.Errorf("sessions after a failed import:\n%s", out)
	}
}

func TestLogGenIntoStoreAndMigrate(t *testing.T) {
	env := testEnv(t)
	r := runBin(t, env, "", "log", "gen", "--events", "10")
	if r.code != 0 || !strings.HasPrefix(r.stderr, "generated 1 sessions, 10 events into store ") {
		t.Fatalf("gen: exit %d, stderr %q", r.code, r.stderr)
	}
	if out := mustRun(t, env, "", "db", "migrate"); !regexp.MustCompile(`^store \S+: schema up to date\n$`).MatchString(out) {
		t.Errorf("db migrate: %q", out)
	}
	// --db names another store: an SQLite file here.
	other := filepath.Join(t.TempDir(), "other.db")
	mustRun(t, env, "", "--db", other, "log", "gen", "--events", "4")
	if out := mustRun(t, env, "", "sessions", "--db", other); !strings.HasPrefix(out, "gen-000000") {
		t.Errorf("sessions --db: %q", out)
	}
}
