package view

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestLoopbackAddresses(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8421": true, "localhost:0": true, "[::1]:80": true, "127.9.9.9:1": true,
		"0.0.0.0:8421": false, ":8421": false, "192.168.1.2:80": false, "example.com:80": false,
	} {
		got, err := isLoopback(addr)
		if err != nil || got != want {
			t.Errorf("isLoopback(%q) = %v, %v; want %v", addr, got, err, want)
		}
	}
	if _, err := isLoopback("8421"); err == nil {
		t.Errorf("an address without a port was taken")
	}
}

// The guard answers GET and HEAD only, to loopback host names only, and
// with the security headers on every answer, refusals included.
func TestGuard(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(200) })
	h := guard(ok, Options{})
	for _, c := range []struct {
		method, host string
		want         int
	}{
		{"GET", "127.0.0.1:8421", 200},
		{"HEAD", "localhost:8421", 200},
		{"POST", "127.0.0.1:8421", 405},
		{"DELETE", "127.0.0.1:8421", 405},
		{"GET", "attacker.example:8421", 421},
	} {
		r := httptest.NewRequest(c.method, "/", nil)
		r.Host = c.host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != c.want {
			t.Errorf("%s for %s: status %d, want %d", c.method, c.host, w.Code, c.want)
		}
		if w.Header().Get("Content-Security-Policy") != contentSecurity {
			t.Errorf("%s for %s: no CSP", c.method, c.host)
		}
	}
}
