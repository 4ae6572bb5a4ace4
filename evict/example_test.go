package evict_test

import (
	"fmt"

	"github.com/nodelisp/nodelisp/evict"
)

func ExampleWholeStub() {
	fmt.Println(evict.WholeStub(evict.Span{
		First: 1041, Last: 1199, Turns: 9,
		Defined:  []string{"fetch-logs", "tally", "fetch-logs"},
		Watching: []evict.Watch{{Name: "errors", Value: "12"}, {Name: "errors", Value: "0"}},
		Notes:    []evict.Note{{Seq: 1044, Text: "look at the deploy script first"}},
	}))
	// Output:
	// [history evicted: seq 1041–1199 · 9 turns · defined: fetch-logs, tally · watching: errors=0 · recall: (recall-log :match "text" :before 1200)]
	// [the evicted cells noted and judged, oldest first; (recall-entry seq) reads one whole
	//  seq 1044 · look at the deploy script first]
}

func ExampleTurnStub() {
	fmt.Println(evict.TurnStub(evict.Span{First: 1205, Last: 1209, Rounds: 1}))
	// Output:
	// [turn history evicted: 1 round · seq 1205–1209 · recall: (recall-log :match "text" :after 1204 :before 1210)]
}

func ExampleDecide() {
	turns := []evict.Turn{
		{Input: 1, Tokens: 300, Finished: true},
		{Input: 10, Tokens: 300, Finished: true},
		{Input: 20, Tokens: 300, Rounds: []evict.Round{{First: 21, Last: 23, Tokens: 200}}},
	}
	req := evict.Request{Budget: 1000, Fixed: 50, Turns: turns}
	first := evict.Decide(evict.Prior{}, req)
	next := evict.Decide(evict.Prior{Warned: true}, req)
	fmt.Printf("first: warn %v, evict %v\n", first.Warn, first.Evict)
	fmt.Printf("next: evict %v through turn %d, usage %d -> %d\n", next.Evict, next.Boundary, next.Usage, next.After)
	// Output:
	// first: warn true, evict false
	// next: evict true through turn 10, usage 950 -> 350
}

func ExampleResolve() {
	b := evict.Resolve("openai/gpt-5", evict.Env{})
	fmt.Println(b.Tokens, b.Source)
	b = evict.Resolve("openai/gpt-5-mini", evict.Env{CachePath: "../testdata/models.dev/api.json"})
	fmt.Println(b.Tokens, b.Source)
	// Output:
	// 272000 built-in
	// 272000 models.dev cache
}
