package view

import (
	"os/exec"
	"strings"
	"testing"
)

// put escapes every argument but the page's own markup, each for the place
// it goes, whatever the format says around it.
func TestPutEscapes(t *testing.T) {
	cases := []struct {
		format string
		args   []any
		want   string
	}{
		{`<p>%s</p>`, []any{`<script>x="1" & 'y'</script>`}, `<p>&lt;script&gt;x=&#34;1&#34; &amp; &#39;y&#39;&lt;/script&gt;</p>`},
		{`<td>%s</td>`, []any{markup(`<b>own</b>`)}, `<td><b>own</b></td>`},
		{`<a href="?q=%s">`, []any{query(`a b&c="d"`)}, `<a href="?q=a+b%26c%3D%22d%22">`},
		{`<a href="/s/%s">`, []any{pathPart(`x/../y z`)}, `<a href="/s/x%2F..%2Fy%20z">`},
		{`%d of %d, %v`, []any{3, int64(4), true}, `3 of 4, true`},
		// A type of string kind that is not markup is escaped too.
		{`(%s)`, []any{pieceKind(`<i>`)}, `(&lt;i&gt;)`},
	}
	for _, c := range cases {
		var p htmlPage
		p.put(c.format, c.args...)
		if got := p.String(); got != c.want {
			t.Errorf("put(%q, %q) = %q, want %q", c.format, c.args, got, c.want)
		}
	}
}

type pieceKind string

// The command must not link a template package: text/template's lookup of
// methods by name makes the linker keep every exported method of every
// type the binary holds, which doubled the binary (123 → 70 MB) and the
// memory a one-line script starts in (39 → 23 MB peak; docs/performance.md).
func TestCommandLinksNoTemplatePackage(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/nodelisp/nodelisp/cmd/nodelisp").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if pkg == "text/template" || pkg == "html/template" {
			t.Errorf("cmd/nodelisp links %s (through some package's imports)", pkg)
		}
	}
}
