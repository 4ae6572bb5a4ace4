package storetest

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/gen"
)

// The plan test: a generated store large enough that the planners choose
// between indexes for real, and every shape of query recall sends, each
// explained by the backend. A backend's test says which index each shape
// is designed to use; CheckPlans fails when a shape's statements do not
// use it, or when any of them scans the whole events table. It guards
// speed without timing anything: a plan that regresses changes here first.

// PlanSession is the big session of the plan store, where the shapes read.
const PlanSession = "plan-big"

// The plan store's words: gen's vocabulary puts deploy and script in about
// two texts in five; planRare is in one event in 5,000.
const (
	planRare   = "xylophone"
	planDense  = "deploy"
	planCommon = "script"
)

// recallKinds are recall's default kinds.
var recallKinds = []string{event.KindInput, event.KindAnswer, event.KindToolCall, event.KindToolResult}

// PlanShape is one query as recall sends it: a Scan, a Search or a
// Hits.
type PlanShape struct {
	Name   string
	Scan   *store.Query
	Search *store.SearchQuery
	Hits   []store.HitKey
}

// PlanShapes are the query shapes of the recall forms an agent types.
func PlanShapes() []PlanShape {
	log := func(q store.Query) *store.Query {
		q.Session, q.Newest, q.Count, q.Limit = PlanSession, true, true, 21
		if q.Kinds == nil {
			q.Kinds = recallKinds
		}
		return &q
	}
	search := func(q store.SearchQuery) *store.SearchQuery {
		q.Kinds, q.Limit, q.SkipEchoes, q.SkipRepeats = recallKinds, 61, true, true
		return &q
	}
	relevance := func(stem string) *store.SearchQuery {
		q := search(store.SearchQuery{Words: []string{stem}})
		q.Limit, q.Count = 1000, []string{planRare, planDense}
		return q
	}
	return []PlanShape{
		{Name: "LogNewest", Scan: log(store.Query{SkipEchoes: true, SkipRepeats: true})},
		{Name: "LogNewestEchoes", Scan: log(store.Query{})},
		{Name: "LogKinds", Scan: log(store.Query{Kinds: []string{event.KindToolCall}, SkipEchoes: true, SkipRepeats: true})},
		{Name: "LogAllKinds", Scan: log(store.Query{Kinds: []string{}, SkipEchoes: true, SkipRepeats: true})},
		{Name: "LogMatchRare", Scan: log(store.Query{Match: planRare, SkipEchoes: true, SkipRepeats: true})},
		{Name: "LogMatchDense", Scan: log(store.Query{Match: planDense, SkipEchoes: true, SkipRepeats: true})},
		{Name: "LogMatchDenseKinds", Scan: log(store.Query{Match: planDense, Kinds: []string{event.KindToolCall}, SkipEchoes: true, SkipRepeats: true})},
		{Name: "SearchRare", Search: search(store.SearchQuery{Words: []string{planRare}})},
		{Name: "SearchCommon", Search: search(store.SearchQuery{Words: []string{planDense, planCommon}})},
		// :rank :relevance searches once per stem for up to
		// relevancePool (1,000) of its newest events, counting the stems
		// in them, then reads whole the rows it may show
		// (recall/relevance.go).
		{Name: "RelevanceRare", Search: relevance(planRare)},
		{Name: "RelevanceCommon", Search: relevance(planDense)},
		{Name: "RelevanceRows", Hits: planKeys()},
	}
}

// planKeys are keys of the kind a relevance search reads back whole:
// twice its default limit of 60 (the rows scoring as much as the last
// shown can be more), from every part of the store.
func planKeys() []store.HitKey {
	var keys []store.HitKey
	for i := range 120 {
		keys = append(keys, store.HitKey{Session: PlanSession, Seq: int64(1 + i*141)})
	}
	return append(keys, store.HitKey{Session: "gen-000003", Seq: 1500})
}

// planLogs is the generated data: the big session of 17,000 events, the
// newest, after 20 sessions of 3,000, so that it is a fifth of the store,
// as big-100k is a tenth of bench-scale's million: a read of the whole
// session is then a plan of its own, not a plan of the whole table. (A
// session of two thirds of the store is rightly counted by reading the
// table.) 17,000 is past two count blocks, so a dense count takes the
// kept-block path.
func planLogs() []store.SessionLog {
	start := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	logs := gen.Logs(gen.Config{Sessions: 20, Events: 3000, RareWord: planRare, RareEvery: 5000, PayloadBytes: 120, Seed: 21, Start: start})
	big := gen.Logs(gen.Config{Sessions: 1, Events: 17000, RareWord: planRare, RareEvery: 5000, PayloadBytes: 120, Seed: 22, Start: start.Add(time.Hour)})
	big[0].Session.ID = PlanSession
	for i := range big[0].Events {
		big[0].Events[i].Session = PlanSession
	}
	return append(logs, big...)
}

// FillPlanStore imports the plan store's data into st.
func FillPlanStore(t testing.TB, st store.Store) {
	t.Helper()
	if err := st.Import(context.Background(), planLogs(), nil); err != nil {
		t.Fatal(err)
	}
}

// Explainer is a backend's view of its plans: Trace has every statement
// the store runs handed to f (nil stops it), Explain returns the plan of
// one statement with its arguments.
type Explainer struct {
	Trace   func(f func(query string, args []any))
	Explain func(ctx context.Context, query string, args []any) ([]string, error)
	// FullScan matches a plan line that reads every row of events.
	FullScan *regexp.Regexp
}

// CheckPlans runs every shape on st (filled by FillPlanStore) twice, the
// second time as a later process would (block counts kept), and checks
// that some statement of each shape has a plan line matching its entry in
// want, and that no plan line matches x.FullScan. A shape missing from
// want is an error: a new shape needs its designed index named.
func CheckPlans(t *testing.T, st store.Store, x Explainer, want map[string]*regexp.Regexp) {
	ctx := context.Background()
	for _, shape := range PlanShapes() {
		t.Run(shape.Name, func(t *testing.T) {
			re, ok := want[shape.Name]
			if !ok {
				t.Fatalf("no designed index named for shape %s", shape.Name)
			}
			var mu sync.Mutex
			type stmt struct {
				query string
				args  []any
			}
			var stmts []stmt
			x.Trace(func(q string, args []any) {
				mu.Lock()
				defer mu.Unlock()
				stmts = append(stmts, stmt{q, args})
			})
			for range 2 {
				var err error
				switch {
				case shape.Scan != nil:
					_, err = st.Scan(ctx, *shape.Scan)
				case shape.Search != nil:
					_, err = st.Search(ctx, *shape.Search)
				default:
					_, err = st.Hits(ctx, shape.Hits)
				}
				if err != nil {
					x.Trace(nil)
					t.Fatal(err)
				}
			}
			x.Trace(nil)
			used := false
			var all []string
			for _, s := range stmts {
				if isBookkeeping(s.query) {
					continue
				}
				plan, err := x.Explain(ctx, s.query, s.args)
				if err != nil {
					t.Fatalf("explain %s: %v", s.query, err)
				}
				all = append(all, "-- "+oneLine(s.query))
				all = append(all, plan...)
				for _, line := range plan {
					if x.FullScan.MatchString(line) {
						t.Errorf("%s scans all of events: %q\nin the plan of %s\n%s", shape.Name, line, oneLine(s.query), strings.Join(plan, "\n"))
					}
					if re.MatchString(line) {
						used = true
					}
				}
			}
			if !used {
				t.Errorf("%s: no statement uses %v; the plans:\n%s", shape.Name, re, strings.Join(all, "\n"))
			}
			if testing.Verbose() {
				t.Logf("%s:\n%s", shape.Name, strings.Join(all, "\n"))
			}
		})
	}
}

// isBookkeeping reports statements that are not reads of events: the
// lineage, sessions and the kept block counts.
func isBookkeeping(q string) bool {
	return !strings.Contains(q, "events") || strings.Contains(q, "block_counts") ||
		strings.HasPrefix(strings.TrimSpace(q), "WITH RECURSIVE")
}

func oneLine(q string) string { return strings.Join(strings.Fields(q), " ") }
