package main

import (
	"regexp"
	"strings"
	"testing"
)

// --help, for the command and each subcommand, lists every flag with its
// default, on stdout, with exit status 0.
func TestHelpListsEveryFlag(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		flags []string
	}{
		{[]string{"--help"}, []string{"--cell-memory", "-e", "--json", "--session", "--db", "--home", "--model", "--workdir", "--version", "--allow-run", "--sandbox", "--echo"}},
		{[]string{"sessions", "--help"}, []string{"--db", "--home", "--json"}},
		{[]string{"log", "export", "--help"}, []string{"--db", "--home", "--session", "--out"}},
		{[]string{"log", "import", "--help"}, []string{"--db", "--home", "--from", "--follow", "--hook", "--poll"}},
		{[]string{"log", "gen", "--help"}, []string{"--db", "--home", "--sessions", "--events", "--payload-bytes", "--rare-word", "--rare-every", "--seed", "--out"}},
		{[]string{"db", "migrate", "--help"}, []string{"--db", "--home"}},
	} {
		r := runBin(t, testEnv(t), "", tc.args...)
		if r.code != 0 || r.stderr != "" {
			t.Errorf("%v: exit %d, stderr %q", tc.args, r.code, r.stderr)
			continue
		}
		lines := strings.Split(r.stdout, "\n")
		listed := 0
		for i, line := range lines {
			m := regexp.MustCompile(`^  (--?[a-z-]+)`).FindStringSubmatch(line)
			if m == nil || i+1 >= len(lines) {
				continue
			}
			listed++
			if !strings.Contains(lines[i+1], "(default") {
				t.Errorf("%v: %s has no default: %q", tc.args, m[1], lines[i+1])
			}
		}
		for _, f := range tc.flags {
			if !regexp.MustCompile(`(?m)^  ` + f + `\b`).MatchString(r.stdout) {
				t.Errorf("%v: %s is not listed:\n%s", tc.args, f, r.stdout)
			}
		}
		if listed != len(tc.flags) {
			t.Errorf("%v: %d flags listed, want %d:\n%s", tc.args, listed, len(tc.flags), r.stdout)
		}
	}
}
