package view

// The pages that list: the sessions, the search, and the error page.

func (d sessionsData) title() string { return "Sessions" }

func (d sessionsData) content(p *htmlPage) {
	p.put(`
<section class="listhead">
  <h1>Sessions</h1>
  <form class="filter" action="/" method="get">
    <input type="search" name="q" value="%s" placeholder="words in a title, an id or the log" aria-label="filter sessions">
    <button type="submit">Filter</button>
    `, d.Query)
	p.when(d.Query != "", `<a href="/">clear</a>`)
	p.WriteString("\n  </form>\n</section>\n")
	if d.Query != "" {
		p.put(`<p class="muted">%d sessions hold every word of “%s” in their id, title or log (recall-search’s rules: literal, ASCII case ignored). <a href="/search?q=%s&amp;all=1">See the hits</a>.</p>`,
			d.Total, d.Query, query(d.Query))
	}
	p.WriteString("\n<table class=\"list\" id=\"sessions\">\n<thead><tr><th>session</th><th>title</th><th>model</th><th>source</th><th class=\"num\">turns</th><th class=\"num\">own events</th><th>created</th><th>last active</th><th>lineage</th>")
	p.when(d.Query != "", `<th class="num">hits</th>`)
	p.WriteString("</tr></thead>\n<tbody>\n")
	for _, r := range d.Rows {
		p.put(`<tr>
  <td><a href="/s/%s"><code>%s</code></a></td>
  <td>%s</td>
  <td>%s</td>
  <td>%s</td>
  <td class="num">%d</td>
  <td class="num">%d</td>
  <td class="time">%s</td>
  <td class="time">%s</td>
  <td>`, pathPart(r.ID), r.ID, orDash(r.Title), orDash(r.Model), r.Source, r.Turns, r.Events, when(r.Created), when(r.Last))
		if r.Parent != "" {
			p.put(`fork of <a href="/s/%s"><code>%s</code></a> at %d`, pathPart(r.Parent), r.Parent, r.ForkSeq)
		} else {
			p.WriteString(`<span class="muted">root</span>`)
		}
		p.WriteString("</td>\n  ")
		if d.Query != "" {
			p.put(`<td class="num">%d</td>`, r.Hits)
		}
		p.WriteString("\n</tr>")
	}
	if len(d.Rows) == 0 {
		p.WriteString(`<tr><td colspan="10" class="muted">No sessions`)
		p.when(d.Query != "", " match")
		p.WriteString(`.</td></tr>`)
	}
	p.WriteString("\n</tbody>\n</table>\n")
	if d.Last > 1 {
		p.WriteString(`<nav class="pager">`)
		for _, n := range d.Pages {
			if n == d.Page {
				p.put(`<b>%d</b>`, n)
			} else {
				p.put(`<a href="?q=%s&amp;page=%d">%d</a>`, query(d.Query), n, n)
			}
			p.WriteString(" ")
		}
		p.WriteString(`</nav>`)
	}
	p.WriteString("\n")
}

func (d searchData) title() string { return "Search" }

func (d searchData) content(p *htmlPage) {
	checked := markup("")
	if d.All {
		checked = "checked"
	}
	p.put(`
<section class="listhead">
  <h1>Search</h1>
  <form class="filter" action="/search" method="get">
    <input type="search" name="q" value="%s" placeholder="every word must appear" aria-label="search" autofocus>
    <label><input type="checkbox" name="all" value="1" %s> every kind</label>
    <button type="submit">Search</button>
  </form>
</section>
`, d.Query, checked)
	if d.Error != "" {
		p.put(`<p class="error">%s</p>`, d.Error)
	}
	p.WriteString("\n")
	if d.Form != "" {
		p.put(`<p class="muted">What <code>%s</code> returns: %d rows, newest first.</p>`, d.Form, len(d.Hits))
	}
	p.WriteString("\n<ol class=\"hits\" id=\"hits\">\n")
	for _, h := range d.Hits {
		id := pathPart(h.Session)
		p.put(`<li>
  <div class="hitmeta"><a href="/s/%s"><code>%s</code></a> <span class="muted">%s</span> · <a class="ev" href="/s/%s/e/%d" data-part="/s/%s/e/%d?part=1">seq %d</a></div>
  <pre class="snippet">`, id, h.Session, orDash(h.Title), id, h.Seq, id, h.Seq, h.Seq)
		for _, pc := range h.Pieces {
			if pc.Match {
				p.put(`<mark>%s</mark>`, pc.Text)
			} else {
				p.text(pc.Text)
			}
		}
		p.WriteString("</pre>\n</li>")
	}
	if len(d.Hits) == 0 && d.Form != "" {
		p.WriteString(`<li class="muted">No event holds every word.</li>`)
	}
	p.WriteString("\n</ol>\n")
}

func (d errorData) title() string { return d.Title }

func (d errorData) content(p *htmlPage) {
	p.put(`
<section class="error">
  <h1>%d · %s</h1>
  <p>%s</p>
  <p><a href="/">Back to the sessions</a></p>
</section>
`, d.Status, d.Title, d.Message)
}
