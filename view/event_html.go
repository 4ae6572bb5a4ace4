package view

import "strconv"

// The event page: one event whole, and for a file change its diff.

func (d eventData) title() string { return "Event " + itoa(d.E.Seq) + " of " + d.H.ID }

func (d eventData) content(p *htmlPage) {
	p.WriteString("\n")
	d.H.sessionHead(p)
	id := pathPart(d.H.ID)
	p.WriteString("\n<section class=\"card\">\n  <nav class=\"reqnav\">")
	if d.Prev != 0 {
		p.put(`<a id="prev-event" href="/s/%s/e/%d">← seq %d</a>`, id, d.Prev, d.Prev)
	}
	p.put(` <a href="/s/%s/timeline?before=%d">in the timeline</a> `, id, d.E.Seq)
	if d.Next != 0 {
		p.put(`<a id="next-event" href="/s/%s/e/%d">seq %d →</a>`, id, d.Next, d.Next)
	}
	p.WriteString("</nav>\n  ")
	d.part(p)
	p.WriteString("\n</section>\n")
}

// part is the event itself, which the pages' side panel loads alone.
func (d eventData) part(p *htmlPage) {
	e := d.E
	p.put("\n<article class=\"event\" id=\"event\" data-seq=\"%d\">\n  <h2>seq %d <span class=\"badge %s\">%s</span>", e.Seq, e.Seq, kindClass(e.Kind), e.Kind)
	if e.Kind == "request" {
		p.put(` <a class="wlink" href="/s/%s/window?request=%d">the window it sent</a>`, pathPart(d.H.ID), e.Seq)
	}
	p.put(`</h2>
  <dl class="facts">
    <div><dt>at</dt><dd>%s</dd></div>
    <div><dt>turn</dt><dd>%d</dd></div>
    <div><dt>appended by</dt><dd><a href="/s/%s"><code>%s</code></a></dd></div>
  </dl>
  `, when(e.At), e.Turn, pathPart(e.Session), e.Session)
	if d.Diff != nil {
		d.Diff.write(p)
	}
	p.put(`
  <h3>body</h3>
  <pre class="text" id="body">%s</pre>
  <h3>payload</h3>
  <pre class="text json" id="payload">%s</pre>
  <h3>what <code>%s</code> returns</h3>
  <pre class="text lisp" id="entry">%s</pre>
</article>
`, e.Body, d.Payload, d.Form, d.Entry)
}

// write shows the file change's hunks.
func (f *fileDiff) write(p *htmlPage) {
	what := "changed"
	if f.Created {
		what = "created"
	} else if f.Deleted {
		what = "deleted"
	}
	p.put("\n  <h3>%s <code>%s</code> <span class=\"muted\">+%d −%d</span></h3>\n  <div class=\"diff\" id=\"diff\">", what, f.Path, f.Added, f.Taken)
	for _, h := range f.Hunks {
		p.put(`<div class="hunk"><div class="hunkhead">@@ −%d +%d @@</div>`, h.OldStart, h.NewStart)
		for _, l := range h.Lines {
			class := "ctx"
			switch l.Op {
			case "+":
				class = "add"
			case "-":
				class = "del"
			}
			p.put(`<div class="dl %s"><span class="ln">%s</span><span class="ln">%s</span><span class="op">%s</span><code>%s</code></div>`,
				class, lineNumber(l.Old), lineNumber(l.New), l.Op, l.Text)
		}
		p.WriteString("</div>")
	}
	if len(f.Hunks) == 0 {
		p.WriteString(`<p class="muted">The file's text did not change.</p>`)
	}
	p.WriteString("</div>\n  ")
}

// lineNumber is a diff line's number, blank for none.
func lineNumber(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
