package view

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// contentSecurity allows the page nothing but its own stylesheet, its own
// script and the fragments that script fetches: no inline script or style,
// no frames, no form posting elsewhere.
const contentSecurity = "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// tokenCookie carries the token after the first request that gave it in
// the address, so links and the script's fetches need not repeat it.
const tokenCookie = "nodelisp-view-token"

// guard wraps the view's handler with what every answer needs: the
// security headers, GET and HEAD only, a Host check against DNS rebinding
// when the view is loopback-only, and the token when one is set.
func guard(next http.Handler, opts Options) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurity)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cache-Control", "no-store")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "the view is read-only: GET and HEAD only", http.StatusMethodNotAllowed)
			return
		}
		if !opts.Public && !loopbackHost(r.Host) {
			http.Error(w, "the view answers only to a loopback host name", http.StatusMisdirectedRequest)
			return
		}
		if opts.Token != "" {
			if given := r.URL.Query().Get("token"); given != "" {
				if !sameToken(given, opts.Token) {
					http.Error(w, "wrong token", http.StatusForbidden)
					return
				}
				http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: opts.Token, Path: "/",
					HttpOnly: true, SameSite: http.SameSiteStrictMode})
				q := r.URL.Query()
				q.Del("token")
				clean := *r.URL
				clean.RawQuery = q.Encode()
				http.Redirect(w, r, clean.RequestURI(), http.StatusSeeOther)
				return
			}
			c, err := r.Cookie(tokenCookie)
			if err != nil || !sameToken(c.Value, opts.Token) {
				http.Error(w, "this view needs the token printed when it started: open the address it printed", http.StatusUnauthorized)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

func sameToken(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// newToken is 128 random bits as hex.
func newToken() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("view: make a token: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// isLoopback reports whether addr (host:port) listens on loopback only.
// An empty host listens everywhere, so it is not.
func isLoopback(addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("view: --addr %q: want host:port, such as %s", addr, DefaultAddr)
	}
	return loopbackName(host), nil
}

// loopbackHost reports whether a request's Host header names this
// machine's loopback, with or without a port.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	return loopbackName(strings.Trim(host, "[]"))
}

func loopbackName(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// firstURL is the address of the view's first page for a listener at
// addr, with the token when there is one.
func firstURL(addr, token string) string {
	host, port, _ := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	u := url.URL{Scheme: "http", Host: net.JoinHostPort(host, port), Path: "/"}
	if token != "" {
		u.RawQuery = url.Values{"token": {token}}.Encode()
	}
	return u.String()
}
