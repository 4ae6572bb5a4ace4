package view

import (
	"bytes"
	"fmt"
	"html"
	"net/url"
)

// The pages are written by Go code, not by html/template: the template
// package finds a field or method by name at run time, so any binary that
// links it keeps every exported method of every type it holds, and the
// provider SDKs' thousands of methods then doubled the nodelisp binary and
// the memory a two-line script starts in (docs/performance.md). Escaping
// is as safe by construction: htmlPage.put escapes every argument that is
// not the page's own markup.

// htmlPage is a page being written.
type htmlPage struct{ bytes.Buffer }

// markup is HTML this package wrote itself; put copies it as it is.
type markup string

// query is a value in a URL's query string: put percent-encodes it, then
// escapes it for the attribute it sits in.
type query string

// pathPart is one segment of a URL path, percent-encoded the same way.
type pathPart string

// put writes format with its arguments. Integers and booleans are printed
// as they are; markup is copied; query and pathPart are percent-encoded;
// everything else is printed, then HTML-escaped, so text from the log can
// never become markup whatever the format says around it.
func (p *htmlPage) put(format string, args ...any) {
	for i, a := range args {
		switch v := a.(type) {
		case int, int64, bool:
		case markup:
			args[i] = string(v)
		case query:
			args[i] = html.EscapeString(url.QueryEscape(string(v)))
		case pathPart:
			args[i] = html.EscapeString(url.PathEscape(string(v)))
		default:
			args[i] = html.EscapeString(fmt.Sprint(v))
		}
	}
	fmt.Fprintf(&p.Buffer, format, args...)
}

// text writes s escaped.
func (p *htmlPage) text(s string) { p.WriteString(html.EscapeString(s)) }

// when writes m, a constant piece of markup, if cond holds.
func (p *htmlPage) when(cond bool, m string) {
	if cond {
		p.WriteString(m)
	}
}
