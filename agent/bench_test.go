package agent_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/nodelisp/nodelisp/agent"
	"github.com/nodelisp/nodelisp/agent/anthropic"
	"github.com/nodelisp/nodelisp/internal/testdb"
)

// instant answers at once with a fixed answer, after doing what the SDK
// edge does with a request before the network: building the SDK's params
// and marshalling them. What a turn costs with it is nodelisp's own
// overhead, the model's time excluded.
type instant struct{ bytes int }

func (p *instant) Name() string { return "instant" }

func (p *instant) Send(_ context.Context, r agent.Request, text func(string)) (agent.Response, error) {
	body, err := json.Marshal(anthropic.Params(r))
	p.bytes = len(body)
	text("ok")
	return agent.Response{Text: "ok, noted.", StopReason: "end_turn", Usage: agent.Usage{Input: 0, Output: 3}}, err
}

// BenchmarkTurnOverhead is one turn without a cell (input, request with
// the window built from the log and translated, the response logged with
// its figures and answer) after 10, 1,000 and 10,000 turns of history, on
// SQLite, in a budget of 32,000 tokens (a local model's): the window holds a few hundred of these short turns, so past that the cost follows the window, not the log.
func BenchmarkTurnOverhead(b *testing.B) {
	for _, n := range []int{10, 1000, 10000} {
		b.Run(fmt.Sprintf("history=%d", n), func(b *testing.B) {
			st := testdb.SQLite(b)
			s := openSession(b, st, "32000")
			p := &instant{}
			a := &agent.Agent{Session: s, Provider: p, Model: "m"}
			ctx := context.Background()
			for i := range n {
				if _, err := a.Turn(ctx, fmt.Sprintf(";; turn %d: a question of a few words about the data", i)); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				if _, err := a.Turn(ctx, fmt.Sprintf("the next question %d", i)); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(p.bytes), "request-bytes")
		})
	}
}
