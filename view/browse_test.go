package view

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/recall"
	"github.com/nodelisp/nodelisp/session"
)

// One browser walks every page of the demo session: the tree, the window
// after the eviction, the window as it stands against /context's figures,
// search, the script cell, the event panel. Each page is photographed.
func TestBrowse(t *testing.T) {
	ctx := browser(t)
	d := demoStore(t)
	base := served(t, d)
	shots := screenshotDir(t)
	t.Logf("screenshots in %s", shots)

	t.Run("sessions", func(t *testing.T) {
		open(t, ctx, base+"/")
		var ids []string
		eval(t, ctx, `[...document.querySelectorAll("#sessions tbody tr td:first-child code")].map(c => c.textContent)`, &ids)
		if diff := cmp.Diff([]string{d.fork, d.id}, ids); diff != "" {
			t.Errorf("sessions, newest first (-want +got):\n%s", diff)
		}
		shoot(t, ctx, shots, "sessions")
		// The list searched: the fork alone holds "memoise", in its log.
		open(t, ctx, base+"/?q=memoise")
		eval(t, ctx, `[...document.querySelectorAll("#sessions tbody tr td:first-child code")].map(c => c.textContent)`, &ids)
		if diff := cmp.Diff([]string{d.fork}, ids); diff != "" {
			t.Errorf("sessions holding \"memoise\" (-want +got):\n%s", diff)
		}
	})

	t.Run("tree", func(t *testing.T) {
		look, err := session.LookAt(context.Background(), d.st, d.id, 0, session.Options{BudgetEnv: d.env})
		if err != nil {
			t.Fatal(err)
		}
		open(t, ctx, base+"/s/"+d.id)
		type row struct {
			Seq, Parent  int64
			Head, Hidden bool
			Forks        []string
		}
		var rows []row
		eval(t, ctx, `[...document.querySelectorAll("#tree li.turn")].map(li => ({
			Seq: +li.dataset.seq, Parent: +li.dataset.parent,
			Head: li.classList.contains("head"), Hidden: li.classList.contains("hidden"),
			Forks: [...li.querySelectorAll(".badge.fork")].map(a => a.textContent)}))`, &rows)
		byseq := map[int64]row{}
		for _, r := range rows {
			byseq[r.Seq] = r
		}
		var want []row
		for _, tt := range look.Tree() {
			want = append(want, row{Seq: tt.Seq, Parent: tt.Parent, Head: tt.Head, Hidden: tt.Hidden})
		}
		var got []row
		for _, w := range want {
			r := byseq[w.Seq]
			r.Forks = nil
			got = append(got, r)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("tree rows against session.Tree (-want +got):\n%s", diff)
		}
		if !byseq[d.undone].Hidden {
			t.Errorf("the undone turn %d is not shown off the path", d.undone)
		}
		if h := byseq[look.Head()]; !h.Head || len(h.Forks) != 1 || h.Forks[0] != "fork "+d.fork {
			t.Errorf("head row %+v: want head marked and the fork %s on it", h, d.fork)
		}
		var nodes, edges int
		eval(t, ctx, `document.querySelectorAll("#tree svg circle.node").length`, &nodes)
		eval(t, ctx, `document.querySelectorAll("#tree svg path.edge").length`, &edges)
		if nodes != len(want) || edges != len(want)-1 {
			t.Errorf("the drawing has %d nodes and %d edges for %d turns", nodes, edges, len(want))
		}
		var moves []string
		eval(t, ctx, `[...document.querySelectorAll("#moves .badge.move")].map(b => b.textContent)`, &moves)
		if diff := cmp.Diff([]string{"undo"}, moves); diff != "" {
			t.Errorf("head moves (-want +got):\n%s", diff)
		}
		shoot(t, ctx, shots, "session")
		// The fork shows its parent's turns as inherited, and its own.
		open(t, ctx, base+"/s/"+d.fork)
		var inherited, turns int
		eval(t, ctx, `document.querySelectorAll("#tree li.turn .badge.inherited").length`, &inherited)
		eval(t, ctx, `document.querySelectorAll("#tree li.turn").length`, &turns)
		if turns != len(want)+1 || inherited != len(want) {
			t.Errorf("the fork shows %d turns, %d inherited; want %d and %d", turns, inherited, len(want)+1, len(want))
		}
		shoot(t, ctx, shots, "fork")
	})

	t.Run("stub after the eviction", func(t *testing.T) {
		open(t, ctx, fmt.Sprintf("%s/s/%s/window?request=%d", base, d.id, d.evictedAt))
		var ids []string
		eval(t, ctx, `[...document.querySelectorAll("#messages li.msg")].map(li => li.dataset.id)`, &ids)
		if len(ids) == 0 || ids[0] != "stub" {
			t.Fatalf("the window of request %d, the first to evict, starts %v; want the stub first", d.evictedAt, ids)
		}
		var stub string
		eval(t, ctx, `document.querySelector('#messages li[data-id="stub"] pre').textContent`, &stub)
		if !strings.HasPrefix(stub, "[history evicted: seq 1–") {
			t.Errorf("stub text %q", stub)
		}
		var prevIDs []string
		open(t, ctx, fmt.Sprintf("%s/s/%s/window?request=%d", base, d.id, d.evictedAt))
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#prev-request")), chromedp.WaitReady(chromedp.CSS("#messages"))); err != nil {
			t.Fatal(err)
		}
		eval(t, ctx, `[...document.querySelectorAll("#messages li.msg")].map(li => li.dataset.id)`, &prevIDs)
		if len(prevIDs) > 0 && prevIDs[0] == "stub" {
			t.Errorf("the request before the first eviction already shows a stub: %v", prevIDs)
		}
		open(t, ctx, fmt.Sprintf("%s/s/%s/window?request=%d", base, d.id, d.evictedAt))
		var recorded, differs string
		eval(t, ctx, `document.querySelector("#recorded").textContent`, &recorded)
		eval(t, ctx, `(document.querySelector("#recorded .differs")||{}).textContent||""`, &differs)
		if differs != "" {
			t.Errorf("the rebuilt window differs from the request's record: %s", recorded)
		}
		shoot(t, ctx, shots, "window-eviction")

		// The chart marks that request as the one that evicted, and the
		// request that warned before it ends its window with the warning.
		var evictedPoints, warnedPoints []int64
		eval(t, ctx, `[...document.querySelectorAll("#usage-chart circle.evicted")].map(c => +c.dataset.seq)`, &evictedPoints)
		eval(t, ctx, `[...document.querySelectorAll("#usage-chart circle.warned")].map(c => +c.dataset.seq)`, &warnedPoints)
		if diff := cmp.Diff([]int64{d.evictedAt}, evictedPoints); diff != "" {
			t.Errorf("evictions marked on the chart (-want +got):\n%s", diff)
		}
		if len(warnedPoints) != 1 || warnedPoints[0] >= d.evictedAt {
			t.Fatalf("warnings marked on the chart: %v, want one before %d", warnedPoints, d.evictedAt)
		}
		open(t, ctx, fmt.Sprintf("%s/s/%s/window?request=%d", base, d.id, warnedPoints[0]))
		var warnIDs []string
		eval(t, ctx, `[...document.querySelectorAll("#messages li.msg")].map(li => li.dataset.id)`, &warnIDs)
		if len(warnIDs) == 0 || warnIDs[len(warnIDs)-1] != "warn" {
			t.Errorf("the window of the request that warned ends %v; want the warning last", warnIDs)
		}
		var warnText string
		eval(t, ctx, `document.querySelector('#messages li[data-id="warn"] pre').textContent`, &warnText)
		if !strings.HasPrefix(warnText, "[context at ") {
			t.Errorf("warning text %q", warnText)
		}
		shoot(t, ctx, shots, "window-warning")
	})

	t.Run("token bar against /context", func(t *testing.T) {
		s, err := session.Resume(context.Background(), d.st, d.id, session.Options{BudgetEnv: d.env})
		if err != nil {
			t.Fatal(err)
		}
		w, err := s.Window(context.Background(), session.WindowOptions{})
		if err != nil {
			t.Fatal(err)
		}
		p := w.Usage
		want := map[string]int{"system": p.System, "stub": p.Stub, "warning": p.Warning, "finished": p.Finished,
			"running": p.Running, "notes": p.Notes, "free": p.Free(), "used": p.Used(), "budget": p.Budget}
		open(t, ctx, base+"/s/"+d.id+"/window")
		got := map[string]int{}
		eval(t, ctx, `Object.fromEntries([...document.querySelectorAll("#parts [data-tokens], #budget")].map(
			e => [e.id.replace("part-", ""), +e.dataset.tokens]))`, &got)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("token bar figures against /context's (-want +got):\n%s", diff)
		}
		var percent string
		eval(t, ctx, `document.querySelector("#percent").textContent`, &percent)
		if want := fmt.Sprintf("%d%%", p.Used()*100/p.Budget); percent != want {
			t.Errorf("percent %q, want %q", percent, want)
		}
		var rects int
		eval(t, ctx, `document.querySelectorAll("#token-bar rect.part").length`, &rects)
		if rects < 2 {
			t.Errorf("the bar draws %d parts", rects)
		}
		shoot(t, ctx, shots, "window")
	})

	t.Run("search", func(t *testing.T) {
		want := recallSearchRows(t, d, "fib-iter")
		open(t, ctx, base+"/search?q="+url.QueryEscape("fib-iter"))
		var got []string
		eval(t, ctx, `[...document.querySelectorAll("#hits li")].map(li =>
			li.querySelector(".hitmeta code").textContent + " " + li.querySelector("a.ev").textContent + " " + li.querySelector("pre").textContent)`, &got)
		if len(want) == 0 {
			t.Fatal("recall-search found nothing to compare with")
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("search rows against recall-search's (-want +got):\n%s", diff)
		}
		shoot(t, ctx, shots, "search")
	})

	t.Run("script cell is text", func(t *testing.T) {
		for _, page := range []string{
			fmt.Sprintf("/s/%s/e/%d", d.id, d.scriptSeq),
			fmt.Sprintf("/s/%s/timeline?kind=%s", d.id, url.QueryEscape("tool result")),
			"/search?q=" + url.QueryEscape("<script>"),
			fmt.Sprintf("/s/%s/window?request=%d", d.id, d.scriptRequest),
		} {
			open(t, ctx, base+page)
			var title string
			var pwned bool
			eval(t, ctx, `document.title`, &title)
			eval(t, ctx, `window.pwned === 1`, &pwned)
			if title == "pwned" || pwned {
				t.Errorf("%s: the logged script ran", page)
			}
			var shown bool
			eval(t, ctx, `document.querySelector("main").textContent.includes("<script>document.title='pwned'")`, &shown)
			var injected int
			eval(t, ctx, `[...document.scripts].filter(s => !s.src.endsWith("/static/view.js")).length`, &injected)
			if !shown || injected != 0 {
				t.Errorf("%s: the script tag shown as text %v, script elements added %d", page, shown, injected)
			}
		}
		open(t, ctx, fmt.Sprintf("%s/s/%s/e/%d", base, d.id, d.scriptSeq))
		shoot(t, ctx, shots, "event-script")
	})

	t.Run("event panel and diff", func(t *testing.T) {
		open(t, ctx, fmt.Sprintf("%s/s/%s/timeline?kind=%s", base, d.id, url.QueryEscape("file change")))
		shoot(t, ctx, shots, "timeline-file-changes")
		sel := fmt.Sprintf(`#timeline a.ev[href$="/e/%d"]`, d.fileEvent)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel)), chromedp.WaitVisible(chromedp.CSS("#panel #event"))); err != nil {
			t.Fatalf("open the event in the panel: %v", err)
		}
		var lines []string
		eval(t, ctx, `[...document.querySelectorAll("#panel .dl:not(.ctx)")].map(l => l.querySelector(".op").textContent + l.querySelector("code").textContent)`, &lines)
		if diff := cmp.Diff([]string{"+fib", "+55", "+89", "+144"}, lines); diff != "" {
			t.Errorf("the file change's diff (-want +got):\n%s", diff)
		}
		shoot(t, ctx, shots, "event-panel")
		open(t, ctx, base+"/s/"+d.id+"/timeline")
		shoot(t, ctx, shots, "timeline")
		// A request in the timeline leads to the window it sent.
		sel = fmt.Sprintf(`#timeline a.wlink[href$="request=%d"]`, d.evictedAt)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel)), chromedp.WaitReady(chromedp.CSS("#messages"))); err != nil {
			t.Fatalf("follow a request to its window: %v", err)
		}
		var which string
		eval(t, ctx, `document.querySelector("#which").textContent`, &which)
		if want := fmt.Sprintf("the window request seq %d sent", d.evictedAt); which != want {
			t.Errorf("the request's link led to %q", which)
		}
	})
}

// recallSearchRows runs recall-search in an image of its own and gives
// each row as the search page lays it out: session, "seq N", text.
func recallSearchRows(t *testing.T, d demo, q string) []string {
	t.Helper()
	it := interp.New(interp.Options{})
	recall.Install(it, d.st, "")
	res, err := it.Eval(context.Background(), fmt.Sprintf("(recall-search %q)", q))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, row := range listItems(res.Value) {
		out = append(out, fmt.Sprintf("%s seq %d %s", plistString(row, "SESSION-ID"), plistInt(row, "SEQ"), plistString(row, "TEXT")))
	}
	return out
}
