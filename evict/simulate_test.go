package evict

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// simTurn is a turn of the simulated session: its figures for the policy,
// and what its stub will carry.
type simTurn struct {
	Turn
	inputTokens int
	last        int64 // the turn's last seq
	notes       []Note
	shed        Span // the rounds shed into its turnstub
	shedNotes   []Note
}

// stubTokens is the turnstub's size in the window.
func (t *simTurn) stubTokens() int {
	if s := TurnStub(t.shed); s != "" {
		return Estimate(s)
	}
	return 0
}

func (t *simTurn) refresh() {
	t.Tokens = t.inputTokens + t.stubTokens()
	for _, r := range t.Rounds {
		t.Tokens += r.Tokens
	}
}

// simSession holds the simulated window: a system prompt, the whole-turn
// stub, and the turns after the boundary.
type simSession struct {
	system   int
	stub     Span
	stubSize int // the stub's tokens, kept as it changes
	turns    []*simTurn
	state    Prior
	ceiling  int
	budget   int
	boundary int64
}

func (s *simSession) fixed() int {
	return s.system + s.stubSize
}

func (s *simSession) request() Request {
	tokens, _ := Effective(Budget{Tokens: s.budget, Source: SourceEnv}, s.ceiling)
	req := Request{Budget: tokens, Fixed: s.fixed()}
	for _, t := range s.turns {
		req.Turns = append(req.Turns, t.Turn)
	}
	return req
}

func (s *simSession) window() int {
	n := s.fixed()
	for _, t := range s.turns {
		n += t.Tokens
	}
	return n
}

// apply carries out an evicting decision, as the host would.
func (s *simSession) apply(d Decision) {
	if d.Boundary != 0 {
		for len(s.turns) > 0 && s.turns[0].Input <= d.Boundary {
			t := s.turns[0]
			if s.stub.Turns == 0 {
				s.stub.First = t.Input
			}
			s.stub.Turns++
			s.stub.Last = t.last
			s.stub.Notes = append(s.stub.Notes, t.shedNotes...)
			s.stub.Notes = append(s.stub.Notes, t.notes...)
			s.turns = s.turns[1:]
		}
		s.boundary = d.Boundary
		s.stubSize = Estimate(WholeStub(s.stub))
	}
	if d.ShedThrough != 0 {
		t := s.turns[len(s.turns)-1]
		for len(t.Rounds) > 0 && t.Rounds[0].Last <= d.ShedThrough {
			r := t.Rounds[0]
			if t.shed.Rounds == 0 {
				t.shed.First = r.First
			}
			t.shed.Rounds++
			t.shed.Last = r.Last
			t.shedNotes = append(t.shedNotes, t.notes[0])
			t.shed.Notes = t.shedNotes
			t.notes = t.notes[1:]
			t.Rounds = t.Rounds[1:]
		}
		t.refresh()
	}
}

// TestSimulatedSession runs 1,000 turns of random sizes against a budget of
// 20,000 tokens, deciding at every model request as a host does, with a
// provider that rejects requests over 19,000 (a ceiling). After every
// evicting request the window must fit the budget, unless what may not be
// evicted exceeds it alone, which the decision must then report.
func TestSimulatedSession(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const providerLimit = 19_000
	s := &simSession{system: 600, budget: 20_000}
	seq := int64(0)
	var requests, warnings, evictions, overs, ceilings int
	for turn := 0; turn < 1000; turn++ {
		seq++
		cur := &simTurn{Turn: Turn{Input: seq}, inputTokens: 10 + rng.IntN(400)}
		cur.last = seq
		cur.refresh()
		s.turns = append(s.turns, cur)
		rounds := 1 + rng.IntN(6)
		for r := 0; r < rounds; r++ {
			size := 20 + rng.IntN(1500)
			if rng.IntN(200) == 0 {
				size = 8000 + rng.IntN(9000) // a huge tool result now and then
			}
			cur.Rounds = append(cur.Rounds, Round{First: seq + 1, Last: seq + 3, Tokens: size})
			cur.notes = append(cur.notes, Note{Seq: seq + 2, Text: fmt.Sprintf("turn %d round %d: %s", turn, r, strings.Repeat("x", rng.IntN(120)))})
			seq += 3
			cur.last = seq
			cur.refresh()

			// The model request for this round's answer.
			requests++
			req := s.request()
			before := s.state
			d := Decide(before, req)
			s.state.CeilingRecorded = false
			if d.Warn {
				if before.Warned || d.Usage*100 <= 85*req.Budget {
					t.Fatalf("request %d: a warning out of turn: %+v after %+v", requests, d, before)
				}
				warnings++
				s.state.Warned = true
			}
			if d.Evict {
				if !before.Warned && !before.CeilingRecorded && d.Usage <= req.Budget {
					t.Fatalf("request %d: an eviction without a warning: %+v", requests, d)
				}
				evictions++
				s.apply(d)
				s.state.Warned = false
				if got := s.window(); got > req.Budget {
					if !d.Over {
						t.Fatalf("request %d: window %d over budget %d after evicting, and the decision did not say so: %+v", requests, got, req.Budget, d)
					}
					checkNothingLeft(t, s, requests)
					overs++
				}
				if d.After*2 > req.Budget {
					checkNothingLeft(t, s, requests)
				}
			} else if d.Usage > req.Budget {
				if !d.Over {
					t.Fatalf("request %d: over budget without an eviction: %+v", requests, d)
				}
				checkNothingLeft(t, s, requests)
				overs++
			}
			if w := s.window(); w > providerLimit && (s.ceiling == 0 || w < s.ceiling) {
				s.ceiling = w // rejected as too large: the host records a ceiling
				s.state.CeilingRecorded = true
				ceilings++
			}
		}
		cur.Finished = true
	}
	if warnings == 0 || evictions == 0 || ceilings == 0 {
		t.Errorf("the simulation never exercised a path: %d warnings, %d evictions, %d ceilings", warnings, evictions, ceilings)
	}
	t.Logf("%d requests: %d warnings, %d evictions, %d ceilings; %d times the running turn alone exceeded the budget; boundary %d, stub %d turns",
		requests, warnings, evictions, ceilings, overs, s.boundary, s.stub.Turns)
}

// checkNothingLeft fails unless the window holds only what may not be
// evicted: the running turn's input and its newest round.
func checkNothingLeft(t *testing.T, s *simSession, request int) {
	t.Helper()
	if len(s.turns) != 1 || len(s.turns[0].Rounds) > 1 {
		t.Fatalf("request %d: the window is over its target yet %d turns (the last with %d rounds) remain",
			request, len(s.turns), len(s.turns[len(s.turns)-1].Rounds))
	}
}
