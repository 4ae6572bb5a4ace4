package recall

import (
	"encoding/json"
	"github.com/nodelisp/nodelisp/event"
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
)

// The keys of the plists recall returns.
var (
	kwSeq        = lisp.InternKeyword("SEQ")
	kwAt         = lisp.InternKeyword("AT")
	kwKind       = lisp.InternKeyword("KIND")
	kwBody       = lisp.InternKeyword("BODY")
	kwDurationMS = lisp.InternKeyword("DURATION-MS")
	kwTurn       = lisp.InternKeyword("TURN")
	kwSessionID  = lisp.InternKeyword("SESSION-ID")
	kwPayload    = lisp.InternKeyword("PAYLOAD")
	kwTitle      = lisp.InternKeyword("TITLE")
	kwText       = lisp.InternKeyword("TEXT")
	kwMatched    = lisp.InternKeyword("MATCHED")
	kwShowing    = lisp.InternKeyword("SHOWING")
)

// row is an event as recall-log shows it, its body cut to clip characters
// (clip < 0 keeps it whole): (:seq 57 :at "…" :kind "tool result" :body
// "…" :duration-ms 12), the last pair only on tool results.
func row(e store.Event, clip int) []lisp.Value {
	body := e.Body
	if clip >= 0 {
		body = clipText(body, clip)
	}
	r := []lisp.Value{
		kwSeq, lisp.MakeInt(e.Seq),
		kwAt, lisp.NewString(store.FormatTime(e.At)),
		kwKind, lisp.NewString(e.Kind),
		kwBody, lisp.NewString(body),
	}
	if e.Kind == event.KindToolResult {
		r = append(r, kwDurationMS, durationMS(e.Payload))
	}
	return r
}

// clipText keeps the first n characters of s and marks the cut with an
// ellipsis, so a clipped text is n+1 characters long. It counts runes, so
// no UTF-8 sequence is ever split.
func clipText(s string, n int) string {
	i := 0
	for range n {
		if i == len(s) {
			return s
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	if i == len(s) {
		return s
	}
	return s[:i] + "…"
}

// durationMS is a tool result's duration_ms: an integer as written, a
// float if the host wrote one, nil when the payload has none.
func durationMS(payload json.RawMessage) lisp.Value {
	d, err := event.Number(payload, "duration_ms")
	if err != nil || d == nil {
		return lisp.Nil
	}
	if n, err := d.Int64(); err == nil {
		return lisp.MakeInt(n)
	}
	if f, err := d.Float64(); err == nil {
		return lisp.Float(f)
	}
	return lisp.Nil
}
