package view

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/store"
)

// render writes page name with data: "event-part" is the event alone, for
// the side panel; every other page is drawn whole inside the layout.
func (s *server) render(w http.ResponseWriter, name string, data any) {
	var p htmlPage
	if name == "event-part" {
		data.(eventData).part(&p)
	} else {
		writePage(&p, data.(pageContent))
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(p.Bytes())
}

// errorPage shows err under a status that says whose fault it is.
func (s *server) errorPage(w http.ResponseWriter, r *http.Request, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, store.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, store.ErrInvalid), errors.Is(err, errBadRequest):
		status = http.StatusBadRequest
	case r.Context().Err() != nil:
		return // the browser went away
	}
	w.WriteHeader(status)
	s.render(w, "error", errorData{Title: http.StatusText(status), Status: status, Message: err.Error()})
}

// errBadRequest marks an error in the request's own address.
var errBadRequest = errors.New("bad request")

func badRequest(format string, args ...any) error {
	return fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), errBadRequest)
}

type errorData struct {
	Title   string
	Status  int
	Message string
}

// kindClass is the CSS class of an event kind: "k-tool-call".
func kindClass(kind string) string {
	var b strings.Builder
	b.WriteString("k-")
	for _, r := range strings.ToLower(kind) {
		if 'a' <= r && r <= 'z' || '0' <= r && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	return b.String()
}

// clipRunes cuts s to n characters, marking a cut with "…".
func clipRunes(n int, s string) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	return string(rs[:n-1]) + "…"
}

// when is a time as the pages show it: UTC, to the second.
func when(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.UTC().Format("2006-01-02 15:04:05")
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
