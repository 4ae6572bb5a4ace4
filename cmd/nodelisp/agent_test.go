package main

import (
	"bufio"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/internal/providerstub"
	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/storeopen"
)

// agentStores are the --db targets of each backend.
var agentStores = map[string]func(t testing.TB) string{
	"sqlite":   func(t testing.TB) string { return filepath.Join(t.TempDir(), "log.sqlite") },
	"postgres": testdb.PostgresURL,
}

func eachAgentStore(t *testing.T, test func(t *testing.T, db string)) {
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) { test(t, agentStores[name](t)) })
	}
}

// anthropicEnv points the binary's Anthropic SDK at the stand-in.
func anthropicEnv(t *testing.T, stub *providerstub.Server) []string {
	return testEnv(t, "ANTHROPIC_API_KEY=test-key", "ANTHROPIC_BASE_URL="+stub.URL, "NODECODE_MODEL=anthropic/stub-model")
}

// sessionKinds are the event kinds of the store's one session.
func sessionKinds(t *testing.T, db string) (string, []string) {
	t.Helper()
	ctx := context.Background()
	st, err := storeopen.Open(ctx, db, "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	list, err := st.Sessions(ctx)
	if err != nil || len(list) != 1 {
		t.Fatalf("sessions %v, %v", list, err)
	}
	r, err := st.Scan(ctx, store.Query{Session: list[0].ID})
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, e := range r.Events {
		kinds = append(kinds, e.Kind)
	}
	return list[0].ID, kinds
}

// -p runs one turn of several rounds and prints the final answer; the
// session is an ordinary one that --continue resumes, its history in the
// next request.
func TestAgentHeadlessAndContinue(t *testing.T) {
	eachAgentStore(t, func(t *testing.T, db string) {
		stub := providerstub.Start(
			providerstub.Reply{Calls: []string{";; square\n(defun sq (x) (* x x))"}, Input: 40},
			providerstub.Reply{Calls: []string{"(sq 12)"}, Input: 60},
			providerstub.Reply{Text: "144", Input: 80},
			providerstub.Reply{Text: "still 144", Input: 90})
		defer stub.Close()
		env := anthropicEnv(t, stub)
		out := mustRun(t, env, "", "agent", "--db", db, "-p", "square 12")
		if out != "144\n" {
			t.Fatalf("stdout %q", out)
		}
		id, kinds := sessionKinds(t, db)
		if strings.Count(strings.Join(kinds, ","), "model response") != 3 || strings.Count(strings.Join(kinds, ","), "tool result") != 2 {
			t.Errorf("kinds %v", kinds)
		}
		if !strings.Contains(string(stub.Requests()[2]), `144\n[seq `) {
			t.Errorf("the third request lacks (sq 12)'s result")
		}
		out = mustRun(t, env, "", "agent", "--db", db, "--continue", "-p", "and now?")
		if out != "still 144\n" {
			t.Fatalf("--continue: %q", out)
		}
		last := string(stub.Requests()[3])
		if !strings.Contains(last, "square 12") || !strings.Contains(last, "and now?") {
			t.Errorf("--continue did not resume the history:\n%s", last)
		}
		if id2, _ := sessionKinds(t, db); id2 != id {
			t.Errorf("--continue made session %s, not resumed %s", id2, id)
		}
	})
}

// --json prints every event of the turn as a line of JSON.
func TestAgentJSON(t *testing.T) {
	stub := providerstub.Start(providerstub.Reply{Calls: []string{"(+ 1 2)"}, Input: 10}, providerstub.Reply{Text: "3", Input: 20, CacheRead: 7})
	defer stub.Close()
	out := mustRun(t, anthropicEnv(t, stub), "", "agent", "-p", "add", "--json")
	var types []string
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var e struct {
			Type  string          `json:"type"`
			Usage json.RawMessage `json:"usage"`
		}
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("not JSON: %q", sc.Text())
		}
		if e.Type != "delta" {
			types = append(types, e.Type)
		}
	}
	want := "input request response call result request response answer end"
	if strings.Join(types, " ") != want {
		t.Errorf("events %q\nwant   %q", strings.Join(types, " "), want)
	}
	if !strings.Contains(out, `"cache_read":7`) {
		t.Errorf("the usage lacks the cache figures:\n%s", out)
	}
}

// The OpenAI path and an OpenAI-compatible server named in config.jsonc.
func TestAgentOpenAIPaths(t *testing.T) {
	stub := providerstub.Start(providerstub.Reply{Text: "from openai"}, providerstub.Reply{Text: "from ollama"})
	defer stub.Close()
	env := testEnv(t, "OPENAI_API_KEY=k", "OPENAI_BASE_URL="+stub.URL+"/v1")
	if out := mustRun(t, env, "", "agent", "--model", "openai/gpt-test", "-p", "hi"); out != "from openai\n" {
		t.Fatalf("openai: %q", out)
	}
	cfg := filepath.Join(t.TempDir(), "config.jsonc")
	writeFile(t, cfg, `{"providers": {"ollama": {"base_url": "`+stub.URL+`/v1", "models": [{"id": "qwen3", "context_window": 32000}]}}}`)
	env = testEnv(t, "NODECODE_CONFIG="+cfg)
	if out := mustRun(t, env, "", "agent", "--model", "ollama/qwen3", "-p", "hi"); out != "from ollama\n" {
		t.Fatalf("ollama: %q", out)
	}
	if body := string(stub.Requests()[1]); !strings.Contains(body, `"model":"qwen3"`) {
		t.Errorf("the model id sent: %s", body)
	}
}

// A missing key is one line naming the variable; a provider without a
// base URL says where to put one.
func TestAgentCredentials(t *testing.T) {
	r := runBin(t, testEnv(t, "ANTHROPIC_API_KEY="), "", "agent", "--model", "anthropic/x", "-p", "hi")
	if r.code != 1 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "ANTHROPIC_API_KEY is not set") {
		t.Errorf("missing key: exit %d, %q", r.code, r.stderr)
	}
	r = runBin(t, testEnv(t), "", "agent", "--model", "local/x", "-p", "hi")
	if r.code != 1 || !strings.Contains(r.stderr, `"base_url"`) {
		t.Errorf("no base URL: exit %d, %q", r.code, r.stderr)
	}
	r = runBin(t, testEnv(t), "", "agent", "-p", "hi")
	if r.code != 2 || !strings.Contains(r.stderr, "no model") {
		t.Errorf("no model: exit %d, %q", r.code, r.stderr)
	}
}

// A truncated stream: one clear line, exit 1, the turn recorded as
// interrupted with what arrived.
func TestAgentTruncatedStream(t *testing.T) {
	eachAgentStore(t, func(t *testing.T, db string) {
		stub := providerstub.Start(providerstub.Reply{Text: "the beginning of an answer", Truncate: true})
		defer stub.Close()
		r := runBin(t, anthropicEnv(t, stub), "", "agent", "--db", db, "-p", "hi")
		if r.code != 1 || !strings.Contains(r.stderr, "incomplete") {
			t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
		}
		_, kinds := sessionKinds(t, db)
		if got := strings.Join(kinds, ","); !strings.HasSuffix(got, "model response,assistant answer,turn interrupted") {
			t.Errorf("kinds %s", got)
		}
	})
}

// The piped agent: each line a turn, slash commands as in the REPL;
// /context shows the provider's usage and cache figures, and usage
// reports drive the warning and the eviction the person is told of.
func TestAgentPipedContext(t *testing.T) {
	eachAgentStore(t, func(t *testing.T, db string) {
		stub := providerstub.Start(
			providerstub.Reply{Text: "one", Input: 2500, CacheRead: 1000, CacheWrite: 200, Output: 3},
			providerstub.Reply{Text: "two", Input: 3600},
			providerstub.Reply{Text: "three", Input: 100})
		defer stub.Close()
		env := append(anthropicEnv(t, stub), "NODECODE_CONTEXT_TOKENS=4000")
		r := runBin(t, env, "first (unbalanced\n/context\nsecond\nthird\n", "agent", "--db", db)
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		if !strings.Contains(r.stdout, "input 3,700 tokens (cache read 1,000, cache write 200) · output 3 · stop end_turn") {
			t.Errorf("/context lacks the figures:\n%s", r.stdout)
		}
		// The provider counted far more than the parts' estimates: the
		// rest is a part of the bar, which is as full as the 92% it says.
		if !strings.Contains(r.stdout, "] 92% of 4,000 tokens") || !strings.Contains(r.stdout, "? reported ") || strings.Contains(r.stdout, "....") {
			t.Errorf("/context's bar does not draw the reported tokens:\n%s", r.stdout)
		}
		if !strings.Contains(r.stderr, "of its budget") || !strings.Contains(r.stderr, "evicted: the window is now") {
			t.Errorf("no warning then eviction:\n%s", r.stderr)
		}
		if !strings.Contains(r.stdout, "one\n") || !strings.Contains(r.stdout, "three\n") {
			t.Errorf("answers: %s", r.stdout)
		}
	})
}

// agent --help lists its flags, the one-letter -p as it is typed.
func TestAgentHelp(t *testing.T) {
	out := mustRun(t, testEnv(t), "", "agent", "--help")
	for _, want := range []string{"\n  -p PROMPT\n", "\n  --continue\n", "\n  --max-rounds N\n", "\n  --model provider/model-id\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("agent --help lacks %q:\n%s", want, out)
		}
	}
}
