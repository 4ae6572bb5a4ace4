// Package providerstub is a stand-in for a model provider, for tests: an
// HTTP server on loopback that answers Anthropic's Messages API
// (POST /v1/messages) and OpenAI's Chat Completions API
// (POST /v1/chat/completions, and /chat/completions for a base URL that
// ends in /v1) in their documented JSON and SSE wire formats, with
// replies scripted by the test. It is no model: it answers what it is
// told to, in order, and keeps every request body it was sent, so a test
// can compare requests byte for byte.
package providerstub

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
)

// Reply is one scripted answer.
type Reply struct {
	Text     string   // answer text, streamed in pieces
	Calls    []string // eval calls' code, in order
	Thinking string   // a thinking block before the answer (Anthropic) or reasoning_content (OpenAI)
	// Usage reported: Input is the uncached input tokens (Anthropic's
	// input_tokens; OpenAI's prompt_tokens counts the cached ones too and
	// is sent as Input+CacheRead).
	Input, Output, CacheRead, CacheWrite int
	// Status, when not 0, answers with this HTTP status and Error's
	// message instead of a stream (Code is OpenAI's error code).
	Status int
	Error  string
	Code   string
	// Truncate ends the stream after the first text piece, before the
	// message's end.
	Truncate bool
	// Malformed sends a data line that is not JSON after the first piece.
	Malformed bool
	// Hold sends the first text piece, then waits until the client goes
	// away (a test presses Ctrl-C meanwhile).
	Hold bool
}

// Server is a running stand-in.
type Server struct {
	*httptest.Server
	mu       sync.Mutex
	replies  []Reply
	requests [][]byte
	paths    []string
	// Held is sent a value when a Hold reply has sent its first piece.
	Held chan struct{}
}

// Start starts a stand-in that answers with replies, one a request;
// requests beyond them get HTTP 500 naming the count.
func Start(replies ...Reply) *Server {
	s := &Server{replies: replies, Held: make(chan struct{}, 16)}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Add scripts more replies.
func (s *Server) Add(replies ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.replies = append(s.replies, replies...)
}

// Requests are the bodies received so far, in order.
func (s *Server) Requests() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]byte(nil), s.requests...)
}

// Paths are the request paths received so far, in order.
func (s *Server) Paths() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.paths...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	n := len(s.requests)
	s.requests = append(s.requests, body)
	s.paths = append(s.paths, r.URL.Path)
	var reply Reply
	ok := n < len(s.replies)
	if ok {
		reply = s.replies[n]
	}
	s.mu.Unlock()
	anthropic := strings.HasSuffix(r.URL.Path, "/messages")
	if !anthropic && !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.Error(w, "the stand-in serves /v1/messages and /v1/chat/completions, not "+r.URL.Path, http.StatusNotFound)
		return
	}
	if !ok {
		reply = Reply{Status: http.StatusInternalServerError, Error: fmt.Sprintf("the stand-in has no reply scripted for request %d", n+1)}
	}
	if reply.Status != 0 {
		writeError(w, anthropic, reply)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	st := &stream{w: w, done: r.Context().Done(), held: s.Held}
	if anthropic {
		st.anthropic(reply)
	} else {
		st.openai(reply)
	}
}

func writeError(w http.ResponseWriter, anthropic bool, reply Reply) {
	w.Header().Set("Content-Type", "application/json")
	// No retries for the test's sake: the SDKs retry 429 and 5xx unless
	// told not to, and x-should-retry is the header both honour.
	w.Header().Set("x-should-retry", "false")
	w.WriteHeader(reply.Status)
	var body any
	if anthropic {
		kind := "invalid_request_error"
		if reply.Status == http.StatusUnauthorized {
			kind = "authentication_error"
		}
		body = map[string]any{"type": "error", "error": map[string]any{"type": kind, "message": reply.Error}}
	} else {
		body = map[string]any{"error": map[string]any{"message": reply.Error, "type": "invalid_request_error", "param": nil, "code": reply.Code}}
	}
	_ = json.NewEncoder(w).Encode(body)
}

// pieces splits text into the pieces a stream sends it in.
func pieces(text string) []string {
	var out []string
	for len(text) > 0 {
		n := min(len(text), 7)
		for n < len(text) && !utf8Start(text[n]) {
			n++
		}
		out = append(out, text[:n])
		text = text[n:]
	}
	return out
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }
