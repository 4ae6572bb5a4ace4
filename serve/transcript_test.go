package serve_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/internal/golden"
)

// -update rewrites the transcripts under testdata/serve and splices them
// into docs/serve.md.

const docsFile = "../docs/serve.md"

// TestJSONRPCTranscript runs the exchange docs/serve.md shows.
func TestJSONRPCTranscript(t *testing.T) {
	e := newEnv(t)
	c := startServe(t, e)
	s := func(kv ...any) obj {
		m := obj{"session": "demo"}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	c.ok("open", obj{"id": "demo", "title": "powers of two"}, nil)
	c.ok("input", s("text", "What is 2 to the 100th?"), nil)
	c.ok("window", s("send", true), nil)
	c.ok("answer", s("text", "I'll compute it."), nil)
	c.ok("eval", s("code", ";; 2^100 with expt\n(defparameter *big* (expt 2 100))"), nil)
	c.ok("eval", s("code", `(mapcar (lambda (r) (getf r :body)) (recall-log :kinds "tool call"))`), nil)
	c.ok("eval", s("code", "(car *big*)"), nil)
	c.ok("window", s(), nil)
	c.ok("context", s(), nil)
	c.ok("tree", s(), nil)
	c.send(`{"jsonrpc":"2.0","id":99,"method":"eval","params":{"session":"demo","code":`)
	c.recv()
	c.fails("frobnicate", nil, -32601)
	c.fails("eval", s("cell", "(+ 1 2)"), -32602)
	c.send(`{"jsonrpc":"2.0","method":"cancel","params":{"session":"demo"}}`)
	c.ok("close", s(), nil)
	c.close()
	checkTranscript(t, "jsonrpc", c.transcript.String())
}

// TestMCPTranscript runs the MCP exchange docs/serve.md shows, logged by
// the SDK client's own transport.
func TestMCPTranscript(t *testing.T) {
	e := newEnv(t)
	var log strings.Builder
	cs := mcpConnect(t, e, &log)
	if _, err := cs.ListTools(t.Context(), nil); err != nil {
		t.Fatal(err)
	}
	callTool(t, cs, "eval", obj{"code": ";; define sq\n(defun sq (x) (* x x))"})
	callTool(t, cs, "eval", obj{"code": `(mapcar (lambda (r) (getf r :body)) (recall-log :kinds "tool call"))`})
	callTool(t, cs, "context", obj{})
	cs.Close()
	checkTranscript(t, "mcp", mcpExchange(log.String()))
}

// mcpExchange turns the SDK transport's log into a transcript. The
// transport logs a write once it is done, and the reply may be read and
// logged first, so a reply is held back until its request is written.
func mcpExchange(log string) string {
	var b strings.Builder
	early := map[string]string{} // replies logged before their request, by id
	for _, line := range strings.Split(strings.TrimSpace(log), "\n") {
		switch {
		case strings.HasPrefix(line, "write: "):
			msg := strings.TrimPrefix(line, "write: ")
			b.WriteString("-> " + msg + "\n")
			if reply, ok := early[messageID(msg)]; ok {
				b.WriteString("<- " + reply + "\n")
				delete(early, messageID(msg))
			}
		case strings.HasPrefix(line, "read: "):
			msg := strings.TrimPrefix(line, "read: ")
			if id := messageID(msg); id != "" && !strings.Contains(b.String(), `"id":`+id+`,"method"`) {
				early[id] = msg
				continue
			}
			b.WriteString("<- " + msg + "\n")
		}
	}
	return b.String()
}

// messageID is a JSON-RPC message's id as it is written, or "".
func messageID(msg string) string {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal([]byte(msg), &m) != nil {
		return ""
	}
	return string(m.ID)
}

// volatile are the parts of a transcript that differ from run to run:
// timings, random store and session ids.
var volatile = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`"duration_ms":\d+`), `"duration_ms":N`},
	{regexp.MustCompile(`"store":"[a-z0-9]+"`), `"store":"STORE"`},
	{regexp.MustCompile(`"workdir":"[^"]*"`), `"workdir":"DIR"`},
	{regexp.MustCompile(`\bs-[a-z2-7]{8}\b`), `SESSION`},
	{regexp.MustCompile(`"version":"[^"]*"`), `"version":"V"`},
}

func normalize(s string) string {
	for _, v := range volatile {
		s = v.re.ReplaceAllString(s, v.with)
	}
	return s
}

// checkTranscript compares a run's transcript with the stored one (up to
// what differs between runs) and checks docs/serve.md embeds the stored
// one; with -update it rewrites both.
func checkTranscript(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("..", "testdata", "serve", name+".transcript")
	if golden.Updating() {
		golden.Write(t, path, got)
		spliceDocs(t, name, got)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./serve -run Transcript -update)", err)
	}
	if normalize(got) != normalize(string(want)) {
		t.Errorf("the %s exchange changed; if that is intended, run go test ./serve -run Transcript -update\ngot:\n%s\nwant:\n%s", name, got, want)
	}
	docs, err := os.ReadFile(docsFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(docs), fence(name, string(want))) {
		t.Errorf("docs/serve.md does not hold the current %s transcript; run go test ./serve -run Transcript -update", name)
	}
}

// fence is how docs/serve.md embeds a transcript: between markers a test
// can find.
func fence(name, transcript string) string {
	return "<!-- transcript " + name + " -->\n```text\n" + transcript + "```\n<!-- end transcript " + name + " -->"
}

func spliceDocs(t *testing.T, name, transcript string) {
	t.Helper()
	b, err := os.ReadFile(docsFile)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	start := strings.Index(doc, "<!-- transcript "+name+" -->")
	endMark := "<!-- end transcript " + name + " -->"
	end := strings.Index(doc, endMark)
	if start < 0 || end < start {
		t.Fatalf("docs/serve.md has no markers for the %s transcript", name)
	}
	doc = doc[:start] + fence(name, transcript) + doc[end+len(endMark):]
	if err := os.WriteFile(docsFile, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A reply the transport logged before its request still follows it.
func TestMCPExchangeOrder(t *testing.T) {
	log := "write: {\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"a\"}\n" +
		"read: {\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{}}\n" +
		"read: {\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}\n" +
		"write: {\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"b\"}\n"
	want := "-> {\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"a\"}\n" +
		"<- {\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{}}\n" +
		"-> {\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"b\"}\n" +
		"<- {\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}\n"
	if got := mcpExchange(log); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
