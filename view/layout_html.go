package view

import "github.com/nodelisp/nodelisp/evict"

// A page's parts that several pages share: the layout around every page,
// the header of a session's pages, and the usage chart.

// pageContent is a page's data: its title (text) and its content.
type pageContent interface {
	title() string
	content(p *htmlPage)
}

const layoutHead = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>`

const layoutTop = ` · nodelisp view</title>
<link rel="stylesheet" href="/static/view.css">
<script src="/static/view.js" defer></script>
</head>
<body>
<header class="top">
  <a class="brand" href="/">nodelisp <span>view</span></a>
  <nav><a href="/">Sessions</a><a href="/search">Search</a></nav>
  <form class="topsearch" action="/search" method="get" role="search">
    <input type="search" name="q" placeholder="recall-search across sessions" aria-label="search">
  </form>
</header>
<main>
`

const layoutFoot = `
</main>
<aside id="panel" class="panel" hidden>
  <div class="panel-bar"><span>event</span><a href="#" id="panel-close" aria-label="close">×</a></div>
  <div id="panel-body"></div>
</aside>
</body>
</html>`

// writePage writes d's page whole, the layout around its content.
func writePage(p *htmlPage, d pageContent) {
	p.WriteString(layoutHead)
	p.text(d.title())
	p.WriteString(layoutTop)
	d.content(p)
	p.WriteString(layoutFoot)
}

// sessionHead is the top of a session's pages: its facts and the tabs.
func (h header) sessionHead(p *htmlPage) {
	p.put(`
<section class="shead">
  <h1>%s <code class="sid">%s</code></h1>
  <dl class="facts">
    <div><dt>model</dt><dd>%s</dd></div>
    <div><dt>source</dt><dd>%s</dd></div>
    <div><dt>turns</dt><dd>%d</dd></div>
    <div><dt>own events</dt><dd>%d</dd></div>
    <div><dt>created</dt><dd>%s</dd></div>
    <div><dt>last active</dt><dd>%s</dd></div>
    <div><dt>lineage</dt><dd>`, orDash(h.Title), h.ID, orDash(h.Model), h.Source, h.Turns, h.Events, when(h.Created), when(h.Last))
	if len(h.Lineage) > 0 {
		for i, s := range h.Lineage {
			if i > 0 {
				p.WriteString(" ← ")
			}
			p.put(`<a href="/s/%s">%s</a>`, pathPart(s.ID), s.ID)
		}
		if h.ForkSeq != 0 {
			p.put(` <span class="muted">(forked at seq %d)</span>`, h.ForkSeq)
		}
	} else {
		p.WriteString("root")
	}
	p.WriteString("</dd></div>\n    ")
	if len(h.Forks) > 0 {
		p.WriteString(`<div><dt>forks</dt><dd>`)
		for i, f := range h.Forks {
			if i > 0 {
				p.WriteString(", ")
			}
			p.put(`<a href="/s/%s">%s</a>`, pathPart(f.ID), f.ID)
		}
		p.WriteString(`</dd></div>`)
	}
	on := func(tab string) markup {
		if h.Tab == tab {
			return ` class="on"`
		}
		return ""
	}
	id := pathPart(h.ID)
	p.put(`
  </dl>
  <nav class="tabs">
    <a href="/s/%s"%s>Tree &amp; usage</a>
    <a href="/s/%s/timeline"%s>Timeline</a>
    <a href="/s/%s/window"%s>Window</a>
  </nav>
</section>
`, id, on("tree"), id, on("timeline"), id, on("window"))
}

// write draws the chart of tokens sent by each request.
func (c chart) write(p *htmlPage) {
	if len(c.Points) == 0 {
		p.WriteString("\n<p class=\"muted\">No requests yet: the chart fills as a host asks for windows to send.</p>\n")
		return
	}
	p.put("\n<svg class=\"chart\" id=\"usage-chart\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"tokens sent by each request\">\n  ",
		c.Width, c.Height, c.Width, c.Height)
	for _, t := range c.Ticks {
		p.put(`<line class="tick" x1="%d" x2="%d" y1="%d" y2="%d"/><text class="ticklabel" x="%d" y="%d">%s</text>`,
			c.Left, c.Right, t.Y, t.Y, c.Left-6, t.Y+4, t.Label)
	}
	p.WriteString("\n  ")
	for _, l := range c.Lines {
		p.put(`<line class="thr %s" x1="%d" x2="%d" y1="%d" y2="%d"/><text class="thrlabel %s" x="%d" y="%d">%s</text>`,
			l.Class, c.Left, c.Right, l.Y, l.Y, l.Class, c.Right, l.Y-4, l.Label)
	}
	p.WriteString("\n  ")
	for _, pt := range c.Points {
		if pt.Evicted || pt.Manual {
			p.put(`<line class="evmark" x1="%d" x2="%d" y1="14" y2="%d"/>`, pt.X, pt.X, c.Bottom)
		}
	}
	p.put("\n  <polyline class=\"usage\" points=\"%s\"/>\n  ", c.Line)
	for _, pt := range c.Points {
		p.put(`<a href="?request=%d"><circle class="pt`, pt.Seq)
		p.when(pt.Evicted, " evicted")
		p.when(pt.Manual, " manual")
		p.when(pt.Warned, " warned")
		p.when(pt.Selected, " selected")
		r := 4
		if pt.Selected {
			r = 6
		}
		p.put(`" cx="%d" cy="%d" r="%d" data-seq="%d"><title>request seq %d: %s tokens`, pt.X, pt.Y, r, pt.Seq, pt.Seq, evict.Grouped(pt.Tokens))
		p.when(pt.Evicted, " · evicted")
		p.when(pt.Manual, " · after /evict")
		p.when(pt.Warned, " · warned")
		p.WriteString(`</title></circle></a>`)
	}
	p.put(`
  <line class="axis" x1="%d" x2="%d" y1="%d" y2="%d"/>
  <text class="ticklabel start" x="%d" y="%d">first request</text>
  <text class="ticklabel" x="%d" y="%d">newest</text>
</svg>
<p class="legend"><span class="sw usage"></span>tokens sent <span class="sw evmark"></span>eviction (%d) <span class="sw warned"></span>warning (%d) · %d requests`,
		c.Left, c.Right, c.Bottom, c.Bottom, c.Left, c.Bottom+18, c.Right, c.Bottom+18, c.Evictions, c.Warnings, c.Requests)
	p.when(c.Older, ", the newest shown")
	p.WriteString(" · click a point for its window</p>\n")
}
