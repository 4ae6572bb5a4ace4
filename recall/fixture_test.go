package recall

import (
	"context"
	"encoding/json"
	"github.com/nodelisp/nodelisp/event"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/store"
)

// The fixture log every recall test reads (times are 2026-12-01 UTC):
//
//	s1 "deploy work", a root session:
//	  turn 1    1 input, 2 tool call, 3 tool result, 4 assistant answer
//	  turn 5    5–8 the same kinds, with non-ASCII text and bodies longer
//	            than :clip; 9 a head move undoing it, back to turn 1
//	  turn 10   10–13 the retry, continuing from turn 1; 14 usage
//	  turn 15   15, 16: after the fork point, so s2 never sees them
//	s2 "fork of deploy work", forked from s1 at 13: turn 14, seqs 14–17
//	s3 "other project", a root session: turn 1, seqs 1–4, then one event
//	  of each bookkeeping kind, 5–9
//
// s3/4 and s2/16 share a time, so search's tie-break shows.
func fixture() []store.SessionLog {
	day := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	at := func(clock string) time.Time {
		d, err := time.Parse("15:04:05.000000", clock)
		if err != nil {
			panic(err)
		}
		return day.Add(d.Sub(time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC)))
	}
	forkSeq := int64(13)
	type ev struct {
		seq     int64
		clock   string
		kind    string
		turn    int64
		payload string
	}
	log := func(s store.Session, evs ...ev) store.SessionLog {
		l := store.SessionLog{Session: s}
		for _, e := range evs {
			l.Events = append(l.Events, store.Event{Session: s.ID, Seq: e.seq, At: at(e.clock), Kind: e.kind, Turn: e.turn, Payload: json.RawMessage(e.payload)})
		}
		return l
	}
	const (
		in  = event.KindInput
		ans = event.KindAnswer
		tc  = event.KindToolCall
		tr  = event.KindToolResult
	)
	return []store.SessionLog{
		log(store.Session{ID: "s1", Title: "deploy work", CreatedAt: at("06:40:00.000000")},
			ev{1, "06:40:01.100001", in, 1, `{"text":"fix the deploy script","parent":0}`},
			ev{2, "06:40:02.200002", tc, 1, `{"code":";; look first\n(recall-search \"deploy\")","note":"look first"}`},
			ev{3, "06:40:02.250003", tr, 1, `{"call":2,"text":"nil","duration_ms":12,"error":false,"defined":[],"watching":{}}`},
			ev{4, "06:40:05.400004", ans, 1, `{"text":"The DEPLOY script is scripts/deploy.sh; it copies the build to the server."}`},
			ev{5, "06:41:00.500005", in, 5, `{"text":"Make the menu say café, naïve, straße, 日本語 and École","parent":1}`},
			ev{6, "06:41:03.600006", tc, 5, `{"code":` + jsonText(longCode) + `,"note":"menu"}`},
			ev{7, "06:41:03.950007", tr, 5, `{"call":6,"text":` + jsonText(longResult) + `,"duration_ms":350,"error":false,"defined":["menu"],"watching":{}}`},
			ev{8, "06:41:06.800008", ans, 5, `{"text":"Done: the menu now reads École (not ÉCOLE)."}`},
			ev{9, "06:42:00.900009", event.KindHeadMove, 5, `{"from":5,"to":1,"why":"undo"}`},
			ev{10, "06:42:30.000010", in, 10, `{"text":"try again: spend 100% of the_window on the deploy","parent":1}`},
			ev{11, "06:42:31.100011", tc, 10, `{"code":"(recall-log :match \"deploy\" :limit 3)","note":null}`},
			ev{12, "06:42:31.140012", tr, 10, `{"call":11,"text":"((:seq 1 :kind \"input\") (:seq 4 :kind \"assistant answer\"))","duration_ms":40,"error":false,"defined":[],"watching":{}}`},
			ev{13, "06:42:33.300013", ans, 10, `{"text":"Found it at seq 4: the window held the answer."}`},
			ev{14, "06:42:33.400014", event.KindUsage, 10, `{"input_tokens":1200,"output_tokens":80}`},
			ev{15, "06:55:00.000015", in, 15, `{"text":"after the fork: only s1 sees this","parent":10}`},
			ev{16, "06:55:02.000016", ans, 15, `{"text":"Seen only in s1."}`},
		),
		log(store.Session{ID: "s2", Title: "fork of deploy work", CreatedAt: at("06:50:00.000000"), Parent: "s1", ForkSeq: &forkSeq},
			ev{14, "06:50:01.000014", in, 14, `{"text":"forked: deploy to staging","parent":10}`},
			ev{15, "06:50:02.000015", tc, 14, `{"code":"(deploy :staging)","note":null}`},
			ev{16, "06:50:30.000004", tr, 14, `{"call":15,"text":"DEPLOYED to staging in 2.1s","duration_ms":2100,"error":false,"defined":[],"watching":{}}`},
			ev{17, "06:50:40.000017", ans, 14, `{"text":"Staging is up."}`},
		),
		log(store.Session{ID: "s3", Title: "other project", CreatedAt: at("06:45:00.000000")},
			ev{1, "06:45:00.100001", in, 1, `{"text":"deploy the docs site","parent":0}`},
			ev{2, "06:45:01.000002", tc, 1, `{"code":"(shell \"make docs\")","note":null}`},
			ev{3, "06:45:09.000003", tr, 1, `{"call":2,"text":"built 12 pages","error":false}`},
			ev{4, "06:50:30.000004", ans, 1, `{"text":"The docs are deployed; see the window."}`},
			ev{5, "06:51:00.000005", event.KindFileChange, 1, `{"path":"docs/index.md","before":null,"after":"# Docs\n"}`},
			ev{6, "06:51:01.000006", event.KindWarning, 1, `{"text":"context at 86% of the budget"}`},
			ev{7, "06:51:02.000007", event.KindEviction, 1, `{"first":1,"last":3,"turns":1}`},
			ev{8, "06:51:03.000008", event.KindContextEdit, 1, `{"drop":[2],"note":"keep docs"}`},
			ev{9, "06:51:04.000009", event.KindCeiling, 1, `{"tokens":180000}`},
		),
	}
}

// longCode and longResult run past the default :clip of 200, with
// multi-byte characters on both sides of the cut.
var (
	longCode   = ";; menu\n(format t \"~a\" \"" + strings.Repeat("café ", 60) + "\")"
	longResult = "Menu: " + strings.Repeat("naïve straße 日本語 · ", 20)
)

// jsonText is s as a JSON string, written as hosts are told to write
// payloads: no HTML escaping, UTF-8 as it is.
func jsonText(s string) string {
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(sb.String(), "\n")
}

// loadFixture imports the fixture into st.
func loadFixture(t testing.TB, st store.Store) {
	t.Helper()
	if err := st.Import(context.Background(), fixture(), nil); err != nil {
		t.Fatalf("import fixture: %v", err)
	}
}
