package sqlite_test

import (
	"regexp"
	"testing"

	"github.com/nodelisp/nodelisp/store/sqlite"
	"github.com/nodelisp/nodelisp/store/storetest"
)

// TestPlans checks that each recall query shape reads through the index
// designed for it, and never scans every row of events (storetest.CheckPlans).
func TestPlans(t *testing.T) {
	st := newStore(t).(*sqlite.Store)
	storetest.FillPlanStore(t, st)
	storetest.CheckPlans(t, st, storetest.Explainer{
		Trace:    st.TraceForTest,
		Explain:  st.ExplainForTest,
		FullScan: regexp.MustCompile(`^\s*SCAN (events|e)( LEFT-JOIN)?$`),
	}, map[string]*regexp.Regexp{
		// The count of a session's events of some kinds reads the kind
		// index alone (it holds the echo flags since migration 0006).
		"LogNewest":       regexp.MustCompile(`COVERING INDEX events_kind `),
		"LogNewestEchoes": regexp.MustCompile(`COVERING INDEX events_kind `),
		"LogKinds":        regexp.MustCompile(`COVERING INDEX events_kind `),
		"LogAllKinds":     regexp.MustCompile(`COVERING INDEX events_kind |INDEX sqlite_autoindex_events_1 `),
		// A rare pattern is found through the payload trigrams.
		"LogMatchRare": regexp.MustCompile(`SCAN events_payload VIRTUAL TABLE`),
		// A dense one is walked newest first and counted by blocks of
		// seqs, on the (session, seq) index; with one kind, on the kind
		// index.
		"LogMatchDense":      regexp.MustCompile(`INDEX sqlite_autoindex_events_1 \(session=\? AND seq>\? AND seq<\?\)`),
		"LogMatchDenseKinds": regexp.MustCompile(`INDEX events_kind \(session=\? AND kind=\?`),
		// Searches: the body trigrams for a rare word, the newest events
		// on the time index for common ones.
		"SearchRare":   regexp.MustCompile(`SCAN events_body VIRTUAL TABLE`),
		"SearchCommon": regexp.MustCompile(`SCAN events USING COVERING INDEX events_at`),
		// :rank :relevance's per-stem reads take the same indexes.
		"RelevanceRare":   regexp.MustCompile(`SCAN events_body VIRTUAL TABLE`),
		"RelevanceCommon": regexp.MustCompile(`SCAN events USING COVERING INDEX events_at`),
		// Then it reads the rows it may show by their keys.
		"RelevanceRows": regexp.MustCompile(`INDEX sqlite_autoindex_events_1 \(session=\? AND seq=\?\)`),
	})
}
