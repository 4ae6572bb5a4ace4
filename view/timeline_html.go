package view

// The timeline page: a session's events in lanes by kind, then listed.

func (d timelineData) title() string { return "Timeline of " + d.H.ID }

func (d timelineData) content(p *htmlPage) {
	p.WriteString("\n")
	d.H.sessionHead(p)
	p.WriteString("\n<section class=\"card\">\n  <nav class=\"kinds\" id=\"kinds\">\n    <a href=\"?\" class=\"chip")
	p.when(d.Kind == "", " on")
	p.WriteString("\">every kind</a>\n    ")
	for _, k := range d.Kinds {
		p.put(`<a href="?kind=%s" class="chip %s`, query(k.Kind), kindClass(k.Kind))
		p.when(k.Active, " on")
		p.put(`">%s`, k.Kind)
		if k.Count >= 0 {
			p.put(` <b>%d</b>`, k.Count)
		}
		p.WriteString("</a>")
	}
	p.WriteString("\n  </nav>\n  ")
	id := pathPart(d.H.ID)
	if len(d.Rows) > 0 {
		p.put("\n  <svg class=\"lanes\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"the page's events by kind\">\n    ",
			d.Width, d.Height, d.Width, d.Height)
		for _, l := range d.Lanes {
			p.put(`<text class="lanelabel" x="%d" y="%d">%s</text><line class="lane" x1="%d" x2="%d" y1="%d" y2="%d"/>`,
				d.LaneLeft-8, l.Y+4, l.Kind, d.LaneLeft, d.Width, l.Y, l.Y)
		}
		p.WriteString("\n    ")
		for _, r := range d.Rows {
			p.put(`<a href="/s/%s/e/%d"><rect class="tickmark %s" x="%d" y="%d" width="%d" height="12"><title>seq %d · %s</title></rect></a>`,
				id, r.Seq, kindClass(r.Kind), r.X, r.Lane-6, d.TickW, r.Seq, r.Kind)
		}
		p.put("\n  </svg>\n  <p class=\"muted\">Seqs %d–%d of %d events", d.First, d.Last, d.Matched)
		if d.Kind != "" {
			p.put(" of kind %s", d.Kind)
		}
		p.WriteString(", oldest first. Click an event to read it whole.</p>\n  <table class=\"list timeline\" id=\"timeline\">\n    <thead><tr><th class=\"num\">seq</th><th>at</th><th>kind</th><th class=\"num\">turn</th><th>body</th></tr></thead>\n    <tbody>")
		for _, r := range d.Rows {
			p.put(`<tr class="%s">
      <td class="num"><a class="ev" href="/s/%s/e/%d" data-part="/s/%s/e/%d?part=1">%d</a></td>
      <td class="time">%s</td>
      <td><span class="badge %s">%s</span></td>
      <td class="num">%d</td>
      <td class="body">%s`, kindClass(r.Kind), id, r.Seq, id, r.Seq, r.Seq, when(r.At), kindClass(r.Kind), r.Kind, r.Turn, r.Body)
			if r.Kind == "request" {
				p.put(` <a class="wlink" href="/s/%s/window?request=%d">its window</a>`, id, r.Seq)
			}
			p.WriteString("</td>\n    </tr>")
		}
		p.WriteString("</tbody>\n  </table>\n  ")
	} else {
		p.WriteString(`<p class="muted">No events`)
		if d.Kind != "" {
			p.put(" of kind %s", d.Kind)
		}
		p.WriteString(".</p>")
	}
	p.WriteString("\n  <nav class=\"pager\">")
	if d.Older != 0 {
		p.put(`<a id="older" href="?kind=%s&amp;before=%d">← older</a>`, query(d.Kind), d.Older)
	}
	p.WriteString(" ")
	if d.Newer != 0 {
		p.put(`<a id="newer" href="?kind=%s&amp;after=%d">newer →</a> <a href="?kind=%s">newest</a>`, query(d.Kind), d.Newer, query(d.Kind))
	}
	p.WriteString("</nav>\n</section>\n")
}
