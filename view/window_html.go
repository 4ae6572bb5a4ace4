package view

import "github.com/nodelisp/nodelisp/evict"

// The window page: the token bar, the chart, and the messages as the model
// received them.

func (d windowData) title() string {
	if d.Request != 0 {
		return "Window of " + d.H.ID + " at request " + itoa(d.Request)
	}
	return "Window of " + d.H.ID
}

func (d windowData) content(p *htmlPage) {
	p.WriteString("\n")
	d.H.sessionHead(p)
	p.WriteString("\n<section class=\"card\">\n  <nav class=\"reqnav\">\n    ")
	if d.Prev != 0 {
		p.put(`<a id="prev-request" href="?request=%d">← request %d</a>`, d.Prev, d.Prev)
	}
	p.WriteString("\n    <b id=\"which\">")
	if d.Request != 0 {
		p.put("the window request seq %d sent", d.Request)
	} else {
		p.WriteString("the window as it stands (what /context shows)")
	}
	p.WriteString("</b>\n    ")
	if d.Next != 0 {
		p.put(`<a id="next-request" href="?request=%d">request %d →</a>`, d.Next, d.Next)
	}
	p.WriteString("\n    ")
	p.when(d.Request != 0, `<a href="?">as it stands</a>`)
	p.WriteString("\n  </nav>\n  ")
	if w := d.W; w != nil {
		p.put("\n  <p class=\"wfacts\">head seq %d · %d messages", w.Head, len(w.Messages))
		if w.Boundary != 0 {
			p.put(` · evicted through seq <b id="boundary">%d</b>`, w.Boundary)
		}
		p.when(w.Evicted, ` · <span class="badge evicted">this request evicted</span>`)
		p.when(w.Warning, ` · <span class="badge warned">this request warned</span>`)
		p.WriteString("</p>\n  ")
	}
	p.WriteString("\n  ")
	if d.Request != 0 {
		p.put(`<p class="muted" id="recorded">The request recorded %d messages and %s tokens.`, d.Recorded.Messages, evict.Grouped(d.Recorded.Tokens))
		p.when(d.Differs, ` <span class="differs">The rebuilt window differs: the log holds no system prompt, so a host that sent one sent more than is shown here.</span>`)
		p.WriteString("</p>")
	}
	p.WriteString("\n  ")
	d.Bar.write(p)
	p.WriteString("\n</section>\n<section class=\"card\">\n  <h2>Usage over the requests</h2>\n  ")
	d.Chart.write(p)
	p.WriteString("\n</section>\n<section class=\"card\">\n  <h2>Messages <span class=\"muted\">· as the model received them, in order</span></h2>\n  <ol class=\"messages\" id=\"messages\">\n  ")
	id := pathPart(d.H.ID)
	for _, m := range d.Messages {
		if m.Kind == "gap" {
			p.put(`<li class="gap" id="elided">%s messages in between are not shown. <a href="?`, evict.Grouped(d.Elided))
			if d.Request != 0 {
				p.put("request=%d&amp;", d.Request)
			}
			p.WriteString(`all=1">Show the whole window</a></li>`)
			continue
		}
		p.put(`<li class="msg role-%s m-%s" data-id="%s">
    <div class="msghead"><span class="badge role">%s</span> <code class="mid">%s</code>`, m.Role, m.Kind, m.ID, m.Role, m.ID)
		if m.Seq != 0 {
			p.put(` <a class="ev" href="/s/%s/e/%d" data-part="/s/%s/e/%d?part=1">event</a>`, id, m.Seq, id, m.Seq)
		}
		p.put(`<span class="tokens">%s tokens</span></div>
    <pre class="text">%s</pre>
  </li>`, evict.Grouped(m.Tokens), m.Text)
	}
	if len(d.Messages) == 0 {
		p.WriteString(`<li class="muted">The window is empty.</li>`)
	}
	p.WriteString("\n  </ol>\n</section>\n")
}

// write draws the stacked bar of the window's parts, its caption and the
// table of parts.
func (b tokenBar) write(p *htmlPage) {
	p.put("\n  <svg class=\"bar\" id=\"token-bar\" width=\"%d\" height=\"46\" viewBox=\"0 0 %d 46\" role=\"img\" aria-label=\"the window's parts against the budget\">\n    ", b.Width, b.Width)
	for _, part := range b.Parts {
		if part.W != 0 {
			p.put(`<rect class="part p-%s" x="%d" y="4" width="%d" height="24"><title>%s %s tokens</title></rect>`, part.Name, part.X, part.W, part.Name, evict.Grouped(part.Tokens))
		}
	}
	p.WriteString("\n    ")
	for _, m := range b.Marks {
		p.put(`<line class="mark" x1="%d" x2="%d" y1="0" y2="32"/><text class="marklabel" x="%d" y="44">%s</text>`, m.X, m.X, m.X, m.Label)
	}
	p.WriteString("\n  </svg>\n  <p class=\"barcaption\">")
	if b.Budget != 0 {
		p.put(`<b id="percent">%d%%</b> of <b id="budget" data-tokens="%d">%s</b> tokens (%s)`, b.Percent, b.Budget, evict.Grouped(b.Budget), b.Source)
		p.when(b.Over, `, <span class="differs">over the budget</span>`)
	} else {
		p.put(`<b>%s</b> tokens, budget unknown (give --model or set NODECODE_CONTEXT_TOKENS)`, evict.Grouped(b.Used))
	}
	p.WriteString("</p>\n  <table class=\"parts\" id=\"parts\">\n    <tbody>\n    ")
	for _, part := range b.Parts {
		p.put(`<tr><td><span class="sw p-%s"></span>%s</td><td class="num" id="part-%s" data-tokens="%d">%s</td></tr>`,
			part.Name, part.Name, part.Name, part.Tokens, evict.Grouped(part.Tokens))
	}
	p.put("\n    <tr class=\"total\"><td>used</td><td class=\"num\" id=\"part-used\" data-tokens=\"%d\">%s</td></tr>\n    </tbody>\n  </table>\n  ",
		b.Used, evict.Grouped(b.Used))
}
