package recall

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/store"
)

// BenchmarkLoCoMo measures how often recall finds the turn that answers a
// question (docs/recall.md, "Measured on LoCoMo"), run by `make
// bench-recall`. It reads the LoCoMo conversations beside the repository
// (../shared/data/locomo/, research data that must not be copied into
// it) and skips when they are absent. Each conversation is a store: one
// session per LoCoMo session, each turn one event ("Name: text", with a
// shared image's caption), at the session's date. Each question becomes
// the content words a scripted agent would type (questionWords: no
// knowledge of the answer), and every method ranks the conversation's
// turns with those words; a question is a hit at k when one of its
// evidence turns is in the top k.
func BenchmarkLoCoMo(b *testing.B) {
	dir := os.Getenv("NODELISP_LOCOMO_DIR")
	if dir == "" {
		dir = findLoCoMo()
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		b.Skipf("no LoCoMo conversations in ../shared/data/locomo beside the repository (or NODELISP_LOCOMO_DIR); they are not part of the repository")
	}
	sort.Strings(files)
	var tally locomoTally
	for b.Loop() {
		tally = locomoTally{}
		for _, f := range files {
			conv := readLoCoMo(b, f)
			st := openSQLite(b)
			if err := st.Import(context.Background(), conv.logs(), nil); err != nil {
				b.Fatal(err)
			}
			conv.measure(b, st, &tally)
		}
	}
	tally.print(os.Stdout, files)
}

// findLoCoMo looks for shared/data/locomo beside the repository or any
// folder above it (a worktree may sit deeper than the main checkout).
func findLoCoMo() string {
	dir, err := filepath.Abs(".")
	if err != nil {
		return ""
	}
	for {
		d := filepath.Join(dir, "shared", "data", "locomo")
		if _, err := os.Stat(d); err == nil {
			return d
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// locomoConv is one LoCoMo conversation as the benchmark uses it.
type locomoConv struct {
	name     string
	sessions []locomoSession
	qa       []locomoQuestion
	// turns are every turn's text by dia_id; where maps an event back.
	turns map[string]string
	where map[string]string // "session/seq" → dia_id
}

type locomoSession struct {
	n     int
	at    time.Time
	turns []locomoTurn
}

type locomoTurn struct {
	Speaker string `json:"speaker"`
	DiaID   string `json:"dia_id"`
	Text    string `json:"text"`
	Caption string `json:"blip_caption"`
}

type locomoQuestion struct {
	Question string   `json:"question"`
	Evidence []string `json:"evidence"`
	Category int      `json:"category"`
}

var sessionKey = regexp.MustCompile(`^session_(\d+)$`)

func readLoCoMo(b *testing.B, path string) *locomoConv {
	raw, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(raw, &doc); err != nil {
		b.Fatalf("%s: %v", path, err)
	}
	c := &locomoConv{name: strings.TrimSuffix(filepath.Base(path), ".json"), turns: map[string]string{}, where: map[string]string{}}
	for key, v := range doc {
		m := sessionKey.FindStringSubmatch(key)
		if m == nil {
			continue
		}
		var s locomoSession
		s.n, _ = strconv.Atoi(m[1])
		if err := json.Unmarshal(v, &s.turns); err != nil {
			b.Fatalf("%s %s: %v", path, key, err)
		}
		var date string
		if err := json.Unmarshal(doc[key+"_date_time"], &date); err != nil {
			b.Fatalf("%s %s_date_time: %v", path, key, err)
		}
		// "1:56 pm on 8 May, 2023"
		s.at, err = time.Parse("3:04 pm on 2 January, 2006", date)
		if err != nil {
			b.Fatalf("%s %s: %v", path, key, err)
		}
		c.sessions = append(c.sessions, s)
	}
	slices.SortFunc(c.sessions, func(x, y locomoSession) int { return x.n - y.n })
	if err := json.Unmarshal(doc["qa"], &c.qa); err != nil {
		b.Fatalf("%s qa: %v", path, err)
	}
	return c
}

// logs is the conversation as a log: a session per LoCoMo session, the
// first speaker's turns inputs and the second's answers, a second apart
// from the session's date.
func (c *locomoConv) logs() []store.SessionLog {
	var out []store.SessionLog
	first := ""
	for _, s := range c.sessions {
		id := fmt.Sprintf("locomo-%s-%d", c.name, s.n)
		l := store.SessionLog{Session: store.Session{ID: id, Title: fmt.Sprintf("LoCoMo %s session %d", c.name, s.n), CreatedAt: s.at}}
		var turn int64
		for i, t := range s.turns {
			if first == "" {
				first = t.Speaker
			}
			text := t.Speaker + ": " + t.Text
			if t.Caption != "" {
				text += " [shares an image: " + t.Caption + "]"
			}
			seq := int64(i + 1)
			kind, payload := event.KindAnswer, map[string]any{"text": text}
			if t.Speaker == first {
				kind, turn = event.KindInput, seq
				payload["parent"] = 0
			}
			p, _ := json.Marshal(payload)
			l.Events = append(l.Events, store.Event{Session: id, Seq: seq, At: s.at.Add(time.Duration(i) * time.Second), Kind: kind, Turn: turn, Payload: p})
			c.turns[t.DiaID] = text
			c.where[fmt.Sprintf("%s/%d", id, seq)] = t.DiaID
		}
		out = append(out, l)
	}
	return out
}
