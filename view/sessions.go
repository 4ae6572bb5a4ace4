package view

import (
	"context"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// sessionsPerPage bounds the sessions list: each row costs two small
// indexed reads.
const sessionsPerPage = 100

// sessionRow is one session of the list.
type sessionRow struct {
	ID, Title, Source string
	// Model is the model the session's settings event records ("" when
	// it logged none; the list shows "—").
	Model         string
	Turns, Events int64
	Created, Last time.Time
	Parent        string
	ForkSeq       int64
	Hits          int // recall-search hits, when the list is searched
}

type sessionsData struct {
	Query      string
	Rows       []sessionRow
	Total      int
	Page, Last int
	Pages      []int
}

// sessionsPage is the list of sessions, newest first, searchable: with a
// query it keeps the sessions whose id or title holds every word, or that
// recall-search finds the words in (the same words, the same rules).
func (s *server) sessionsPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	list, err := s.st.Sessions(ctx)
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	hits := map[string]int{}
	if q != "" {
		found, err := s.recallSearch(ctx, q, searchOptions{All: true, Limit: 10000})
		if err != nil {
			s.errorPage(w, r, err)
			return
		}
		for _, h := range found.Hits {
			hits[h.Session]++
		}
	}
	var keep []store.Session
	for i := len(list) - 1; i >= 0; i-- {
		sess := list[i]
		if q == "" || hits[sess.ID] > 0 || holdsWords(sess.ID+" "+sess.Title, q) {
			keep = append(keep, sess)
		}
	}
	d := sessionsData{Query: q, Total: len(keep)}
	d.Last = max((len(keep)+sessionsPerPage-1)/sessionsPerPage, 1)
	d.Page = min(max(atoiOr(r.URL.Query().Get("page"), 1), 1), d.Last)
	for p := 1; p <= d.Last; p++ {
		d.Pages = append(d.Pages, p)
	}
	from := (d.Page - 1) * sessionsPerPage
	for _, sess := range keep[from:min(from+sessionsPerPage, len(keep))] {
		row, err := s.summarize(ctx, sess)
		if err != nil {
			s.errorPage(w, r, err)
			return
		}
		row.Hits = hits[sess.ID]
		d.Rows = append(d.Rows, row)
	}
	s.render(w, "sessions", d)
}

// summarize reads what the list shows of one session: its own events'
// count and newest time, and its turns, in two indexed reads.
func (s *server) summarize(ctx context.Context, sess store.Session) (sessionRow, error) {
	row := sessionRow{ID: sess.ID, Title: sess.Title, Created: sess.CreatedAt, Last: sess.CreatedAt,
		Parent: sess.Parent, Source: sourceOf(sess)}
	if sess.ForkSeq != nil {
		row.ForkSeq = *sess.ForkSeq
	}
	model, err := session.LoggedModel(ctx, s.st, sess.ID)
	if err != nil {
		return row, err
	}
	row.Model = model
	all, err := s.st.Scan(ctx, store.Query{Session: sess.ID, Own: true, Limit: 1, Newest: true, Count: true})
	if err != nil {
		return row, fmt.Errorf("session %s: %w", sess.ID, err)
	}
	row.Events = all.Matched
	if len(all.Events) > 0 {
		row.Last = all.Events[0].At
	}
	turns, err := s.st.Scan(ctx, store.Query{Session: sess.ID, Kinds: []string{event.KindInput}, Limit: 1, Count: true})
	if err != nil {
		return row, fmt.Errorf("session %s: %w", sess.ID, err)
	}
	row.Turns = turns.Matched
	return row, nil
}

// sourceOf names the tool that made a session: the imported transcript's
// tool, else nodelisp.
func sourceOf(sess store.Session) string {
	if src, ok := store.SourceOf(sess.Source); ok {
		return src.Tool
	}
	return "nodelisp"
}

// holdsWords reports whether text holds every space-separated word of q
// as recall-search matches them: literally, ASCII case ignored.
func holdsWords(text, q string) bool {
	folded := store.LowerASCII(text)
	for _, word := range strings.Split(q, " ") {
		if word != "" && !strings.Contains(folded, store.LowerASCII(word)) {
			return false
		}
	}
	return true
}

func atoiOr(s string, def int) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return def
	}
	return n
}
