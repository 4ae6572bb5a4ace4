package agent_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/nodelisp/nodelisp/agent"
	"github.com/nodelisp/nodelisp/agent/anthropic"
	"github.com/nodelisp/nodelisp/agent/openai"
	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/internal/providerstub"
	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

func eachBackend(t *testing.T, test func(t *testing.T, st store.Store)) {
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) { test(t, b.Open(t)) })
	}
}

// rig is a session with an agent whose provider is the stand-in.
type rig struct {
	st     store.Store
	s      *session.Session
	a      *agent.Agent
	stub   *providerstub.Server
	events []agent.Event
}

// newRig opens a session with budget tokens (0: unknown) and an
// Anthropic agent against a stand-in scripted with replies.
func newRig(t *testing.T, st store.Store, budget string, replies ...providerstub.Reply) *rig {
	t.Helper()
	stub := providerstub.Start(replies...)
	t.Cleanup(stub.Close)
	r := &rig{st: st, stub: stub}
	r.s = openSession(t, st, budget)
	r.a = &agent.Agent{Session: r.s, Model: "stub-model",
		Provider: anthropic.New(anthropic.Options{APIKey: "test-key", BaseURL: stub.URL, MaxRetries: 0}),
		Emit:     func(e agent.Event) { r.events = append(r.events, e) }}
	return r
}

func openSession(t testing.TB, st store.Store, budget string) *session.Session {
	t.Helper()
	s, err := session.Open(context.Background(), st, session.Options{Title: "agent", Home: t.TempDir(),
		System: "You are a test.", Model: "anthropic/stub-model", BudgetEnv: &evict.Env{Tokens: budget}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func useOpenAI(r *rig, name string) {
	r.a.Provider = openai.New(openai.Options{Name: name, APIKey: "test-key", BaseURL: r.stub.URL + "/v1", MaxRetries: 0})
}

// anthropicBody is the part of a Messages request the tests read.
type anthropicBody struct {
	System   []json.RawMessage `json:"system"`
	Tools    json.RawMessage   `json:"tools"`
	Messages []json.RawMessage `json:"messages"`
}

func decode[T any](t *testing.T, body []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("request body: %v\n%s", err, body)
	}
	return v
}

// kinds are the kinds of the session's events, in order.
func kinds(t *testing.T, st store.Store, id string) []string {
	t.Helper()
	r, err := st.Scan(context.Background(), store.Query{Session: id})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range r.Events {
		out = append(out, e.Kind)
	}
	return out
}

func eventsOf(t *testing.T, st store.Store, id, kind string) []store.Event {
	t.Helper()
	r, err := st.Scan(context.Background(), store.Query{Session: id, Kinds: []string{kind}})
	if err != nil {
		t.Fatal(err)
	}
	return r.Events
}
