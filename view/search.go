package view

import (
	"net/http"
	"strings"

	"github.com/nodelisp/nodelisp/store"
)

type searchData struct {
	Query string
	All   bool
	Form  string
	Hits  []hitRow
	Error string
}

// hitRow is a recall-search row with its snippet cut into plain and
// matched pieces, so the page can mark the words without any HTML
// from the log.
type hitRow struct {
	searchHit
	Pieces []piece
}

type piece struct {
	Text  string
	Match bool
}

// searchPage runs recall-search across every session and shows its rows
// as it returned them.
func (s *server) searchPage(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	d := searchData{Query: q, All: r.URL.Query().Get("all") == "1"}
	if q != "" {
		res, err := s.recallSearch(r.Context(), q, searchOptions{All: d.All})
		if err != nil {
			if r.Context().Err() != nil {
				return
			}
			d.Error = err.Error()
		}
		d.Form = res.Form
		for _, h := range res.Hits {
			d.Hits = append(d.Hits, hitRow{searchHit: h, Pieces: markWords(h.Text, q)})
		}
	}
	s.render(w, "search", d)
}

// markWords cuts text into pieces, the stretches that match a word of q
// (ASCII case ignored, as recall-search matches) marked.
func markWords(text, q string) []piece {
	folded := store.LowerASCII(text)
	marked := make([]bool, len(text))
	for _, word := range strings.Split(q, " ") {
		if word == "" {
			continue
		}
		w := store.LowerASCII(word)
		for i := 0; ; {
			j := strings.Index(folded[i:], w)
			if j < 0 {
				break
			}
			for k := i + j; k < i+j+len(w); k++ {
				marked[k] = true
			}
			i += j + len(w)
		}
	}
	var out []piece
	start := 0
	for i := 1; i <= len(text); i++ {
		if i == len(text) || marked[i] != marked[start] {
			out = append(out, piece{Text: text[start:i], Match: marked[start]})
			start = i
		}
	}
	return out
}
