package view

import (
	"context"
	"net/http"

	"github.com/nodelisp/nodelisp/store"
)

// header is what every page of one session shows at its top.
type header struct {
	sessionRow
	Lineage []store.Session // the session's ancestors, nearest first
	Forks   []store.Session // sessions forked from this one
	Tab     string          // the page: "tree", "timeline", "window"
}

// sessionHeader reads the header of session id.
func (s *server) sessionHeader(ctx context.Context, id, tab string) (header, error) {
	lineage, err := s.st.Lineage(ctx, id)
	if err != nil {
		return header{}, err
	}
	row, err := s.summarize(ctx, lineage[0])
	if err != nil {
		return header{}, err
	}
	h := header{sessionRow: row, Lineage: lineage[1:], Tab: tab}
	all, err := s.st.Sessions(ctx)
	if err != nil {
		return h, err
	}
	for _, other := range all {
		if other.Parent == id {
			h.Forks = append(h.Forks, other)
		}
	}
	return h, nil
}

// sessionID is the {id} of a session page's address.
func sessionID(r *http.Request) string { return r.PathValue("id") }
