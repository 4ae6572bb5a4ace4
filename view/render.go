package view

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"log"
	"net/http"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/store"
)

// pageNames are the page templates; each is parsed with layout.html.
var pageNames = []string{"sessions", "search", "session", "timeline", "window", "event", "error"}

// parsePages parses every page with the layout around it. The templates
// are embedded, so a parse error is a programming error, caught by every
// test.
func parsePages() map[string]*template.Template {
	pages := map[string]*template.Template{}
	for _, name := range pageNames {
		t := template.New(name).Funcs(funcs)
		t = template.Must(t.ParseFS(templateFS, "templates/layout.html", "templates/"+name+".html"))
		pages[name] = t
	}
	return pages
}

// render writes page name with data. The page is rendered into a buffer
// first, so a template error becomes a clean error page, not half a page.
func (s *server) render(w http.ResponseWriter, name string, data any) {
	var buf bytes.Buffer
	page, root := name, "layout"
	if name == "event-part" {
		page, root = "event", "part"
	}
	if err := s.pages[page].ExecuteTemplate(&buf, root, data); err != nil {
		log.Printf("view: render %s: %v", name, err)
		http.Error(w, "the page could not be drawn", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(buf.Bytes())
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

// funcs are the helpers templates call.
var funcs = template.FuncMap{
	"grouped":   evict.Grouped,
	"when":      when,
	"kindClass": kindClass,
	"clip":      clipRunes,
	"orDash":    orDash,
	"add":       func(a, b int) int { return a + b },
	"sub":       func(a, b int) int { return a - b },
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
