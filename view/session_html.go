package view

// The session page: usage chart, tree of turns, head moves.

func (d sessionData) title() string { return orDash(d.H.Title) + " (" + d.H.ID + ")" }

func (d sessionData) content(p *htmlPage) {
	p.WriteString("\n")
	d.H.sessionHead(p)
	p.WriteString("\n<section class=\"card\">\n  <h2>Usage over the requests</h2>\n  ")
	d.Chart.write(p)
	p.WriteString("\n</section>\n<section class=\"card\">\n  <h2>Turns <span class=\"muted\">· head ")
	if d.Head != 0 {
		p.put(`<a href="#turn-%d">seq %d</a>`, d.Head, d.Head)
	} else {
		p.WriteString("at the root")
	}
	if d.Boundary != 0 {
		p.put(" · evicted through seq %d", d.Boundary)
	}
	p.put(" · %d turns</span></h2>\n  ", d.Tree.Total)
	d.writeTree(p)
	p.WriteString("\n</section>\n<section class=\"card\">\n  <h2>Head moves <span class=\"muted\">· undo, redo, rewind and tree moves")
	p.when(d.MoreMoves, ", the newest shown")
	p.WriteString("</span></h2>\n  ")
	if len(d.Moves) > 0 {
		id := pathPart(d.H.ID)
		p.WriteString("\n  <table class=\"list\" id=\"moves\">\n    <thead><tr><th>seq</th><th>move</th><th>from</th><th>to</th><th>at</th></tr></thead>\n    <tbody>")
		for _, m := range d.Moves {
			p.put(`<tr><td><a class="ev" href="/s/%s/e/%d" data-part="/s/%s/e/%d?part=1">%d</a></td><td><span class="badge move">%s</span></td><td>`,
				id, m.Seq, id, m.Seq, m.Seq, m.Why)
			turnLink(p, m.From)
			p.WriteString("</td><td>")
			turnLink(p, m.To)
			p.put(`</td><td class="time">%s</td></tr>`, m.At)
		}
		p.WriteString("</tbody>\n  </table>\n  ")
	} else {
		p.WriteString(`<p class="muted">Head has only moved forward, one turn at a time.</p>`)
	}
	p.WriteString("\n</section>\n")
}

// turnLink links to a turn of the tree, or says root.
func turnLink(p *htmlPage, seq int64) {
	if seq == 0 {
		p.WriteString("root")
		return
	}
	p.put(`<a href="#turn-%d">%d</a>`, seq, seq)
}

// writeTree draws one page of the tree of turns, with its pager.
func (d sessionData) writeTree(p *htmlPage) {
	t := d.Tree
	if len(t.Rows) == 0 {
		p.WriteString("\n  <p class=\"muted\">No turns yet.</p>\n  ")
		return
	}
	p.put("\n  <div class=\"tree\" id=\"tree\">\n    <svg class=\"treegraph\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" aria-hidden=\"true\">\n      ",
		t.Width, t.Height, t.Width, t.Height)
	for _, e := range t.Edges {
		p.WriteString(`<path class="edge`)
		p.when(e.OnPath, " onpath")
		p.put(`" d="%s"/>`, e.D)
	}
	p.WriteString("\n      ")
	for _, r := range t.Rows {
		p.WriteString(`<circle class="node`)
		p.when(r.OnPath, " onpath")
		p.when(r.Head, " head")
		p.when(r.Evicted, " evicted")
		radius := 5
		if r.Head {
			radius = 7
		}
		p.put(`" cx="%d" cy="%d" r="%d"/>`, r.X, r.Y, radius)
	}
	p.WriteString("\n    </svg>\n    <ol class=\"treerows\">\n    ")
	id := pathPart(d.H.ID)
	for _, r := range t.Rows {
		p.put(`<li id="turn-%d" class="turn`, r.Seq)
		p.when(r.Head, " head")
		p.when(r.Hidden, " hidden")
		p.when(r.Evicted, " evicted")
		p.put(`" data-seq="%d" data-parent="%d" data-lane="%d">
      <a class="seq ev" href="/s/%s/e/%d" data-part="/s/%s/e/%d?part=1">%d</a>
      <span class="line">%s</span>
      `, r.Seq, r.Parent, r.Lane, id, r.Seq, id, r.Seq, r.Seq, clipRunes(90, r.FirstLine))
		p.when(r.Head, `<span class="badge head">head</span>`)
		p.WriteString("\n      ")
		p.when(r.Hidden, `<span class="badge hidden">off the path</span>`)
		p.WriteString("\n      ")
		p.when(r.Evicted, `<span class="badge evicted">evicted</span>`)
		p.WriteString("\n      ")
		p.when(r.Inherited, `<span class="badge inherited">from the parent</span>`)
		p.WriteString("\n      ")
		for _, f := range r.Forks {
			p.put(`<a class="badge fork" href="/s/%s">fork %s</a>`, pathPart(f.ID), f.ID)
		}
		p.WriteString("\n    </li>")
	}
	p.WriteString("\n    </ol>\n  </div>\n  ")
	if t.Pages > 1 {
		p.WriteString(`<nav class="pager">`)
		if t.PrevP != 0 {
			p.put(`<a href="?page=%d">← earlier turns</a>`, t.PrevP)
		}
		p.put(" page %d of %d ", t.Page, t.Pages)
		if t.Page != t.HeadPage {
			p.put(`<a href="?page=%d">head’s page</a>`, t.HeadPage)
		}
		p.WriteString(" ")
		if t.NextP != 0 {
			p.put(`<a href="?page=%d">later turns →</a>`, t.NextP)
		}
		p.WriteString(`</nav>`)
	}
	p.WriteString("\n  ")
}
