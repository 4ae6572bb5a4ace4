package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

const claudeFixture = "../../testdata/transcripts/claude-code/projects/-home-marco-projects-spotter/d6e0bada-1959-4eec-a9d2-0bfade768d8f.jsonl"

// syncBuffer is a stderr the test reads while the process writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitUntil polls cond for up to 20 s, ten times the two seconds the
// follower promises.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(20 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("waited 20 s for %s", what)
		}
	}
}

// log import --follow with no path follows the tool's own folder (here
// Claude Code's, under $HOME), says so, imports a transcript written
// there while it runs so that recall finds it, and SIGTERM ends it
// cleanly with its totals.
func TestLogImportFollowDefaultFolder(t *testing.T) {
	env := testEnv(t)
	projects := filepath.Join(envValue(env, "HOME"), ".claude", "projects", "-work-demo")
	if err := os.MkdirAll(projects, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "log", "import", "--follow", "--from", "claude-code")
	cmd.Env, cmd.Dir = env, t.TempDir()
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	waitUntil(t, "the follower to start", func() bool { return strings.Contains(stderr.String(), "following claude-code transcripts in") })
	if want := filepath.Dir(projects) + " (inotify)"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr %q does not name %s", stderr.String(), want)
	}
	id := "0f0e0d0c-1111-2222-3333-444455556666"
	path := filepath.Join(projects, id+".jsonl")
	line := fmt.Sprintf(`{"type":"user","uuid":"u1","sessionId":%q,"timestamp":"2026-12-05T13:00:00Z","message":{"role":"user","content":"the deploy key is in vault path kv/quokka"}}`+"\n", id)
	writeFile(t, path, line)
	waitUntil(t, "the line to be searchable", func() bool {
		return strings.Contains(mustRun(t, env, "", "-e", `(recall-search "quokka")`), "claude-code-"+id)
	})
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("after SIGTERM: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "followed 1 files: 1 new sessions, 0 grown, 1 events, 0 lines skipped") {
		t.Errorf("no totals on SIGTERM: %q", stderr.String())
	}
}

// The hook JSON Claude Code documents for PreCompact (session_id,
// transcript_path, cwd, hook_event_name, trigger, custom_instructions) on
// stdin of log import --hook imports the transcript it names; Codex's
// notify JSON, as its last argument, finds the rollout by thread id; pi
// has no hook, and says so.
func TestLogImportHook(t *testing.T) {
	env := testEnv(t)
	abs, err := filepath.Abs(claudeFixture)
	if err != nil {
		t.Fatal(err)
	}
	hook := fmt.Sprintf(`{"session_id":"d6e0bada-1959-4eec-a9d2-0bfade768d8f","transcript_path":%q,"cwd":"/home/marco/projects/spotter","permission_mode":"default","hook_event_name":"PreCompact","trigger":"auto","custom_instructions":""}`, abs)
	r := runBin(t, env, hook, "log", "import", "--from", "claude-code", "--hook")
	if r.code != 0 || !strings.Contains(r.stderr, "Claude Code PreCompact hook: "+abs) || !strings.Contains(r.stderr, "1 new sessions, 0 grown, 39 events") {
		t.Fatalf("PreCompact hook: exit %d, stderr %q", r.code, r.stderr)
	}
	end := strings.Replace(strings.Replace(hook, "PreCompact", "SessionEnd", 1), `"trigger":"auto"`, `"reason":"exit"`, 1)
	r = runBin(t, env, end, "log", "import", "--from", "claude-code", "--hook")
	if r.code != 0 || !strings.Contains(r.stderr, "0 new sessions, 0 grown, 0 events") {
		t.Errorf("SessionEnd hook after PreCompact: exit %d, stderr %q", r.code, r.stderr)
	}

	codexHome := t.TempDir()
	day := filepath.Join(codexHome, "sessions", "2026", "06", "05")
	if err := os.MkdirAll(day, 0o755); err != nil {
		t.Fatal(err)
	}
	rollout, err := os.ReadFile("../../testdata/transcripts/codex/sessions/2026/06/05/rollout-2026-06-05T04-58-20-019e9625-802f-7e91-840a-cfe88d14117a.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(day, "rollout-2026-06-05T04-58-20-019e9625-802f-7e91-840a-cfe88d14117a.jsonl"), string(rollout))
	notify := `{"type":"agent-turn-complete","thread-id":"019e9625-802f-7e91-840a-cfe88d14117a","turn-id":"1","cwd":"/tmp","input-messages":["hi"],"last-assistant-message":"done"}`
	r = runBin(t, append(env, "CODEX_HOME="+codexHome), "", "log", "import", "--from", "codex", "--hook", notify)
	if r.code != 0 || !strings.Contains(r.stderr, "Codex agent-turn-complete notify") || !strings.Contains(r.stderr, "1 new sessions") {
		t.Errorf("Codex notify: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runBin(t, env, "{}", "log", "import", "--from", "pi", "--hook")
	if r.code != 1 || !strings.Contains(r.stderr, "pi has no hook command") || !strings.Contains(r.stderr, "--follow --from pi") {
		t.Errorf("pi hook: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runBin(t, env, `{"session_id":"x"}`, "log", "import", "--from", "claude-code", "--hook")
	if r.code != 1 || !strings.Contains(r.stderr, `no "transcript_path"`) {
		t.Errorf("hook JSON without a path: exit %d, stderr %q", r.code, r.stderr)
	}
}

// log import FILE of a tool's transcript, without --from, names the
// --from it looks like instead of failing on it as nodelisp's own log.
func TestLogImportNamesTheFormat(t *testing.T) {
	abs, err := filepath.Abs(claudeFixture)
	if err != nil {
		t.Fatal(err)
	}
	r := runBin(t, testEnv(t), "", "log", "import", abs)
	if r.code != 2 || !strings.Contains(r.stderr, "looks like a claude-code transcript: nodelisp log import --from claude-code "+abs) {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}

// A follower killed with SIGKILL half-way through a transcript loses
// nothing that a restart does not bring back: started again after the
// file has grown, it ends with the session a one-time import makes.
func TestLogImportFollowKill9(t *testing.T) {
	env := testEnv(t)
	dir := t.TempDir()
	whole, err := os.ReadFile(claudeFixture)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(whole), "\n")
	path := filepath.Join(dir, filepath.Base(claudeFixture))
	follower := func() (*exec.Cmd, *syncBuffer) {
		cmd := exec.Command(bin, "log", "import", "--follow", "--from", "claude-code", dir)
		cmd.Env, cmd.Dir = env, t.TempDir()
		var stderr syncBuffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		waitUntil(t, "the follower to start", func() bool { return strings.Contains(stderr.String(), "following") })
		return cmd, &stderr
	}
	events := func() string {
		return mustRun(t, env, "", "-e", `(length (recall-log :session-id "claude-code-d6e0bada-1959-4eec-a9d2-0bfade768d8f" :kinds t :limit 1000))`)
	}
	cmd, stderr := follower()
	writeFile(t, path, strings.Join(lines[:20], ""))
	waitUntil(t, "the first half", func() bool { return strings.Contains(stderr.String(), "new session") })
	cmd.Process.Kill()
	cmd.Wait()
	writeFile(t, path, string(whole))
	follower()
	fresh := testEnv(t)
	mustRun(t, fresh, "", "log", "import", "--from", "claude-code", path)
	want := mustRun(t, fresh, "", "-e", `(length (recall-log :session-id "claude-code-d6e0bada-1959-4eec-a9d2-0bfade768d8f" :kinds t :limit 1000))`)
	waitUntil(t, "the rest after the restart", func() bool { return events() == want })
}
