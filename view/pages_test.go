package view

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Every page answers, with the security headers, and the script tag the
// demo printed comes out escaped wherever it is shown.
func TestPagesRender(t *testing.T) {
	d := demoStore(t)
	srv := httptest.NewServer(Handler(d.st, d.options()))
	t.Cleanup(srv.Close)
	for _, path := range []string{
		"/", "/?q=fib", "/search?q=script", "/search?q=fib-iter&all=1",
		"/s/demo", "/s/demo/timeline", "/s/demo/timeline?kind=eviction", "/s/demo/window",
		"/s/demo/window?request=" + itoa(d.evictedAt), "/s/demo/e/" + itoa(d.fileEvent),
		"/s/demo/e/" + itoa(d.scriptSeq), "/s/demo/e/" + itoa(d.scriptSeq) + "?part=1", "/s/" + d.fork,
	} {
		t.Run(path, func(t *testing.T) {
			resp, err := http.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Fatalf("status %d:\n%s", resp.StatusCode, body)
			}
			if got := resp.Header.Get("Content-Security-Policy"); got != contentSecurity {
				t.Errorf("CSP %q", got)
			}
			if strings.Contains(string(body), "<script>document") {
				t.Errorf("the script tag from the log is not escaped")
			}
		})
	}
}

// A wrong address gets an error page whose status says whose fault it
// is, and whose message names what was wrong.
func TestErrorPages(t *testing.T) {
	d := demoStore(t)
	srv := httptest.NewServer(Handler(d.st, d.options()))
	t.Cleanup(srv.Close)
	for _, c := range []struct {
		path   string
		status int
		says   string
	}{
		{"/s/nope", 404, "nope"},
		{"/s/nope/timeline", 404, "nope"},
		{"/s/demo/e/99999", 404, "99999"},
		{"/s/demo/e/x", 400, `event &#34;x&#34;: want a seq`},
		{"/s/demo/window?request=1", 400, "seq 1 of session demo is a input, not a request"},
		{"/s/demo/window?request=-4", 400, "want the seq of a request"},
		{"/s/demo/timeline?before=soon", 400, "?before=&#34;soon&#34;"},
		{"/nowhere", 404, ""},
	} {
		resp, err := http.Get(srv.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || !strings.Contains(string(body), c.says) {
			t.Errorf("%s: status %d, want %d saying %q:\n%.600s", c.path, resp.StatusCode, c.status, c.says, body)
		}
	}
}
