package agent_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"slices"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/agent"
	"github.com/nodelisp/nodelisp/internal/providerstub"
	"github.com/nodelisp/nodelisp/store"
)

// A turn of three rounds: two eval calls, each result in the next
// request ending "[seq N]", then an answer without a call ends it. Each
// response is logged with its figures before its answer and calls.
func TestTurnOfSeveralRounds(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		r := newRig(t, st, "",
			providerstub.Reply{Calls: []string{";; add\n(+ 1 2)"}, Input: 100, Output: 5},
			providerstub.Reply{Text: "Now multiply.", Calls: []string{"(* 3 4)"}, Input: 120, CacheRead: 80, CacheWrite: 20, Thinking: "think about 12"},
			providerstub.Reply{Text: "3 and 12.", Input: 150})
		res, err := r.a.Turn(context.Background(), "compute")
		if err != nil {
			t.Fatal(err)
		}
		if res.Answer != "3 and 12." || res.Rounds != 3 {
			t.Fatalf("answer %q after %d rounds", res.Answer, res.Rounds)
		}
		reqs := r.stub.Requests()
		if len(reqs) != 3 {
			t.Fatalf("%d requests, want 3", len(reqs))
		}
		second := string(reqs[1])
		if !strings.Contains(second, `"type":"tool_result"`) || !strings.Contains(second, `3\n[seq `) {
			t.Errorf("the second request lacks the first result ending [seq N]:\n%s", second)
		}
		want := []string{"input", "request", "model response", "tool call", "tool result",
			"request", "model response", "assistant answer", "usage", "tool call", "tool result",
			"request", "model response", "assistant answer", "usage"}
		got := slices.DeleteFunc(kinds(t, st, r.s.ID()), func(k string) bool { return k == "state" || k == "settings" })
		// The first response reports usage too, after its figures.
		want = slices.Insert(want, 3, "usage")
		if !slices.Equal(got, want) {
			t.Errorf("log kinds\n got %q\nwant %q", got, want)
		}
		resp := eventsOf(t, st, r.s.ID(), agent.KindResponse)
		var p struct {
			Provider   string      `json:"provider"`
			StopReason string      `json:"stop_reason"`
			Usage      agent.Usage `json:"usage"`
			Thinking   []string    `json:"thinking"`
			Calls      []string    `json:"calls"`
		}
		if err := json.Unmarshal(resp[1].Payload, &p); err != nil {
			t.Fatal(err)
		}
		if p.Provider != "anthropic" || p.StopReason != "tool_use" || p.Usage != (agent.Usage{Input: 220, Output: 0, CacheRead: 80, CacheWrite: 20}) ||
			len(p.Thinking) != 1 || !strings.Contains(p.Thinking[0], `"thinking":"think about 12"`) || !strings.Contains(p.Thinking[0], `"signature":"c2lnbmF0dXJl"`) ||
			len(p.Calls) != 1 || p.Calls[0] != `{"code":"(* 3 4)"}` {
			t.Errorf("the second response's record: %s", resp[1].Payload)
		}
		usage := eventsOf(t, st, r.s.ID(), event.KindUsage)
		if len(usage) != 3 || !strings.Contains(string(usage[1].Payload), `"input_tokens":220`) {
			t.Errorf("usage reports: %d, second %s", len(usage), usage[1].Payload)
		}
	})
}

// The rounds cap ends a turn with a clear message, recorded.
func TestRoundsCap(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		r := newRig(t, st, "", providerstub.Reply{Calls: []string{"1"}}, providerstub.Reply{Calls: []string{"2"}}, providerstub.Reply{Calls: []string{"3"}})
		r.a.MaxRounds = 2
		_, err := r.a.Turn(context.Background(), "loop")
		if !errors.Is(err, agent.ErrInterrupted) || !strings.Contains(err.Error(), "cap of 2 rounds") {
			t.Fatalf("error %v", err)
		}
		if n := len(r.stub.Requests()); n != 2 {
			t.Errorf("%d requests past a cap of 2", n)
		}
		if ev := eventsOf(t, st, r.s.ID(), agent.KindInterrupted); len(ev) != 1 || !strings.Contains(string(ev[0].Payload), "cap of 2 rounds") {
			t.Errorf("interrupted events: %v", ev)
		}
	})
}

// A provider's usage report drives the warning, then the eviction, and
// the stub reaches the model as system text in the next request.
func TestUsageWarnsThenEvicts(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		r := newRig(t, st, "3000",
			providerstub.Reply{Text: "one", Input: 2700},
			providerstub.Reply{Text: "two", Input: 2800},
			providerstub.Reply{Text: "three", Input: 500})
		for _, in := range []string{"first", "second", "third"} {
			if _, err := r.a.Turn(context.Background(), in); err != nil {
				t.Fatal(err)
			}
		}
		var warned, evicted bool
		for _, e := range r.events {
			if e.Type == "request" {
				warned = warned || e.Warning
				evicted = evicted || e.Evicted
			}
		}
		if !warned || !evicted {
			t.Fatalf("warned %v, evicted %v: %+v", warned, evicted, r.events)
		}
		reqs := r.stub.Requests()
		if !strings.Contains(string(reqs[1]), "[context at ") {
			t.Errorf("the second request lacks the warning:\n%s", reqs[1])
		}
		third := decode[anthropicBody](t, reqs[2])
		if len(third.System) == 0 || !strings.Contains(string(third.System[0]), "[history evicted: ") {
			t.Errorf("the stub did not reach the model as system text: %s", third.System)
		}
		if strings.Contains(string(reqs[2]), `"first"`) {
			t.Errorf("the evicted turn's input is still sent:\n%s", reqs[2])
		}
	})
}

// A too-large rejection records the ceiling, evicts and retries once; a
// second rejection ends the turn with a clear message, never a loop.
func TestTooLarge(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		tooLong := providerstub.Reply{Status: 400, Error: "prompt is too long: 215000 tokens > 200000 maximum"}
		r := newRig(t, st, "",
			providerstub.Reply{Text: "a"}, providerstub.Reply{Text: "b"},
			tooLong, providerstub.Reply{Text: "after eviction"},
			tooLong, tooLong)
		ctx := context.Background()
		for _, in := range []string{"one", "two"} {
			if _, err := r.a.Turn(ctx, in); err != nil {
				t.Fatal(err)
			}
		}
		res, err := r.a.Turn(ctx, "three")
		if err != nil || res.Answer != "after eviction" {
			t.Fatalf("retry: %q, %v", res.Answer, err)
		}
		if c := eventsOf(t, st, r.s.ID(), event.KindCeiling); len(c) != 1 {
			t.Fatalf("%d ceilings recorded, want 1", len(c))
		}
		if ev := eventsOf(t, st, r.s.ID(), event.KindEviction); len(ev) == 0 {
			t.Errorf("no eviction after the ceiling")
		}
		retry := decode[anthropicBody](t, r.stub.Requests()[3])
		if strings.Contains(string(r.stub.Requests()[3]), `"one"`) || !strings.Contains(string(retry.System[0]), "[history evicted") {
			t.Errorf("the retry did not evict:\n%s", r.stub.Requests()[3])
		}
		_, err = r.a.Turn(ctx, "four")
		if !errors.Is(err, agent.ErrInterrupted) || !strings.Contains(err.Error(), "too large") || !strings.Contains(err.Error(), "again after evicting") {
			t.Fatalf("second rejection: %v", err)
		}
		if n := len(r.stub.Requests()); n != 6 {
			t.Errorf("%d requests, want 6: one retry only", n)
		}
	})
}

// A stream cut short or garbled: a clear error, the turn interrupted,
// what arrived kept, and the log still builds the next request.
func TestBrokenStreams(t *testing.T) {
	for _, c := range []struct {
		name   string
		openai bool
		reply  providerstub.Reply
		want   string
	}{
		{"truncated", false, providerstub.Reply{Text: "partial answer that goes on", Truncate: true}, "incomplete"},
		{"malformed", false, providerstub.Reply{Text: "partial answer that goes on", Malformed: true}, "anthropic: malformed stream"},
		{"openai-truncated", true, providerstub.Reply{Text: "partial answer that goes on", Truncate: true}, "incomplete"},
		{"openai-malformed", true, providerstub.Reply{Text: "partial answer that goes on", Malformed: true}, "openai: malformed stream"},
	} {
		t.Run(c.name, func(t *testing.T) {
			eachBackend(t, func(t *testing.T, st store.Store) {
				r := newRig(t, st, "", c.reply, providerstub.Reply{Text: "fine"})
				if c.openai {
					useOpenAI(r, "openai")
				}
				_, err := r.a.Turn(context.Background(), "go")
				if !errors.Is(err, agent.ErrInterrupted) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("error %q", err)
				}
				resp := eventsOf(t, st, r.s.ID(), agent.KindResponse)
				if len(resp) != 1 || !strings.Contains(string(resp[0].Payload), `"error":`) || !strings.Contains(string(resp[0].Payload), `"text":"partial`) {
					t.Errorf("response record: %v", resp)
				}
				if len(eventsOf(t, st, r.s.ID(), agent.KindInterrupted)) != 1 {
					t.Errorf("the turn is not recorded as interrupted")
				}
				res, err := r.a.Turn(context.Background(), "again")
				if err != nil || res.Answer != "fine" {
					t.Fatalf("the next turn: %q, %v", res.Answer, err)
				}
				if !strings.Contains(string(r.stub.Requests()[1]), "partial") {
					t.Errorf("what arrived was lost from the window")
				}
			})
		})
	}
}

// Authentication and rate limits are one line each, the turn
// interrupted.
func TestProviderErrors(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		r := newRig(t, st, "", providerstub.Reply{Status: 401, Error: "invalid x-api-key"}, providerstub.Reply{Status: 429, Error: "slow down"})
		_, err := r.a.Turn(context.Background(), "a")
		if err == nil || !strings.Contains(err.Error(), "authentication failed (401): invalid x-api-key") {
			t.Fatalf("401: %v", err)
		}
		_, err = r.a.Turn(context.Background(), "b")
		if err == nil || !strings.Contains(err.Error(), "(429)") || strings.Contains(err.Error(), "\n") {
			t.Fatalf("429: %v", err)
		}
		if n := len(eventsOf(t, st, r.s.ID(), agent.KindInterrupted)); n != 2 {
			t.Errorf("%d interrupted turns, want 2", n)
		}
	})
}

// The OpenAI path and an OpenAI-compatible one: calls, results and the
// cached tokens, through the same loop.
func TestOpenAIPaths(t *testing.T) {
	for _, name := range []string{"openai", "ollama"} {
		t.Run(name, func(t *testing.T) {
			eachBackend(t, func(t *testing.T, st store.Store) {
				r := newRig(t, st, "",
					providerstub.Reply{Calls: []string{"(+ 20 22)"}, Input: 50, CacheRead: 30, Thinking: "hmm"},
					providerstub.Reply{Text: "42", Input: 90})
				useOpenAI(r, name)
				res, err := r.a.Turn(context.Background(), "answer")
				if err != nil || res.Answer != "42" {
					t.Fatalf("%q, %v", res.Answer, err)
				}
				if p := r.stub.Paths(); p[0] != "/v1/chat/completions" {
					t.Errorf("paths %v", p)
				}
				second := string(r.stub.Requests()[1])
				if !strings.Contains(second, `"role":"tool"`) || !strings.Contains(second, `42\n[seq `) || !strings.Contains(second, `"tool_call_id":"call_`) {
					t.Errorf("the second request lacks the result:\n%s", second)
				}
				resp := eventsOf(t, st, r.s.ID(), agent.KindResponse)
				if !strings.Contains(string(resp[0].Payload), fmt.Sprintf(`"provider":%q`, name)) ||
					!strings.Contains(string(resp[0].Payload), `"cache_read":30`) || !strings.Contains(string(resp[0].Payload), `"stop_reason":"tool_calls"`) ||
					!strings.Contains(string(resp[0].Payload), `hmm`) {
					t.Errorf("response record %s", resp[0].Payload)
				}
			})
		})
	}
}

// OpenAI's context_length_exceeded records the ceiling as Anthropic's
// words do.
func TestOpenAITooLarge(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		r := newRig(t, st, "", providerstub.Reply{Status: 400, Code: "context_length_exceeded",
			Error: "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens."},
			providerstub.Reply{Text: "ok"})
		useOpenAI(r, "openai")
		if _, err := r.a.Turn(context.Background(), "x"); err != nil {
			t.Fatal(err)
		}
		if c := eventsOf(t, st, r.s.ID(), event.KindCeiling); len(c) != 1 {
			t.Fatalf("%d ceilings", len(c))
		}
	})
}
