package view

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
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

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
