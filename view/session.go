package view

import (
	"context"
	"github.com/nodelisp/nodelisp/event"
	"net/http"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// headMovesShown is how many of the newest head moves the tree page lists.
const headMovesShown = 50

type sessionData struct {
	H         header
	Head      int64
	Boundary  int64
	Tree      treeDrawing
	Moves     []headMove
	MoreMoves bool
	Chart     chart
}

// headMove is one head move event, as the tree page lists it.
type headMove struct {
	Seq, From, To int64
	Why           string
	At            string
}

// sessionPage is a session's tree of turns with head marked, its head
// moves, and the chart of usage over its requests.
func (s *server) sessionPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := sessionID(r)
	h, err := s.sessionHeader(ctx, id, "tree")
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	look, err := session.LookAt(ctx, s.st, id, 0, s.sessionOptions())
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	standing, err := look.Standing(ctx)
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	boundary := standing.Boundary
	forkedAt, err := s.forkPoints(ctx, h.Forks)
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	var inherited int64
	if h.ForkSeq > 0 {
		inherited = h.ForkSeq
	}
	d := sessionData{H: h, Head: look.Head(), Boundary: boundary}
	d.Tree = drawTree(look.Tree(), atoiOr(r.URL.Query().Get("page"), 0), func(row *treeRow) {
		row.Evicted = row.OnPath && row.Seq <= boundary
		row.Inherited = row.Seq <= inherited
		row.Forks = forkedAt[row.Seq]
	})
	d.Moves, d.MoreMoves = newestMoves(look.Moves(), headMovesShown)
	if d.Chart, err = s.usageChart(ctx, id, standing.Budget, 0); err != nil {
		s.errorPage(w, r, err)
		return
	}
	s.render(w, "session", d)
}

// forkPoints finds the turn each fork left from: the parent of the fork's
// first own input, else the newest turn at its fork point.
func (s *server) forkPoints(ctx context.Context, forks []store.Session) (map[int64][]store.Session, error) {
	out := map[int64][]store.Session{}
	for _, f := range forks {
		r, err := s.st.Scan(ctx, store.Query{Session: f.ID, Own: true, Kinds: []string{event.KindInput}, Limit: 1})
		if err != nil {
			return nil, err
		}
		var turn int64
		if len(r.Events) > 0 {
			if p, err := event.Decode[event.Input](r.Events[0].Payload); err == nil {
				turn = p.Parent
			}
		} else if f.ForkSeq != nil {
			last, err := s.st.Scan(ctx, store.Query{Session: f.Parent, Kinds: []string{event.KindInput}, Before: *f.ForkSeq + 1, Limit: 1, Newest: true})
			if err != nil {
				return nil, err
			}
			if len(last.Events) > 0 {
				turn = last.Events[0].Seq
			}
		}
		out[turn] = append(out[turn], f)
	}
	return out, nil
}

// newestMoves lists the newest n head moves, newest first, and says
// whether there were more.
func newestMoves(moves []session.HeadMove, n int) ([]headMove, bool) {
	var out []headMove
	for i := len(moves) - 1; i >= 0 && len(out) < n; i-- {
		m := moves[i]
		out = append(out, headMove{Seq: m.Seq, From: m.From, To: m.To, Why: m.Why, At: when(m.At)})
	}
	return out, len(moves) > n
}
