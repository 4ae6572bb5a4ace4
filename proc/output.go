package proc

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// DefaultOutputLimit is how many bytes of each stream a command keeps when
// the caller sets no limit: 256 KiB, half from the start and half from the
// end. A window shows far less; the rest would only cost memory.
const DefaultOutputLimit = 256 << 10

// capped keeps the first and last limit/2 bytes written to it and counts
// the rest. Memory stays at limit bytes whatever the command prints.
type capped struct {
	limit int
	head  []byte
	tail  []byte // a ring of the last limit-limit/2 bytes once head is full
	start int    // where the ring's oldest byte is
	total int64
}

func newCapped(limit int) *capped {
	if limit <= 0 {
		limit = DefaultOutputLimit
	}
	return &capped{limit: limit}
}

func (c *capped) Write(p []byte) (int, error) {
	n := len(p)
	c.total += int64(n)
	if room := c.limit/2 - len(c.head); room > 0 {
		k := min(room, len(p))
		c.head = append(c.head, p[:k]...)
		p = p[k:]
	}
	tailCap := c.limit - c.limit/2
	for len(p) > 0 && tailCap > 0 {
		if len(c.tail) < tailCap {
			k := min(tailCap-len(c.tail), len(p))
			c.tail = append(c.tail, p[:k]...)
			p = p[k:]
			continue
		}
		if len(p) >= tailCap {
			// Only the last tailCap bytes of p can survive.
			copy(c.tail, p[len(p)-tailCap:])
			c.start = 0
			return n, nil
		}
		k := copy(c.tail[c.start:], p)
		if k < len(p) {
			k += copy(c.tail, p[k:])
		}
		c.start = (c.start + len(p)) % tailCap
		p = nil
	}
	return n, nil
}

// Output is what a command printed on one stream, as kept.
type Output struct {
	// Head and Tail are the bytes kept from the start and the end; Tail is
	// empty unless bytes were left out between them.
	Head, Tail []byte
	// Total is how many bytes the command printed; Total minus the kept
	// bytes were left out.
	Total int64
}

func (c *capped) output() Output {
	tail := append(append([]byte(nil), c.tail[c.start:]...), c.tail[:c.start]...)
	if int64(len(c.head)+len(tail)) == c.total {
		return Output{Head: append(c.head, tail...), Total: c.total}
	}
	return Output{Head: c.head, Tail: tail, Total: c.total}
}

// LeftOut is how many bytes were printed and not kept.
func (o Output) LeftOut() int64 { return o.Total - int64(len(o.Head)+len(o.Tail)) }

// Binary reports whether the kept bytes are not text: a NUL byte, or bytes
// that are not UTF-8 (a cut in the middle of a character does not count).
func (o Output) Binary() bool {
	head, tail := o.Head, o.Tail
	if o.Tail != nil {
		head, tail = trimCut(head, false), trimCut(tail, true)
	}
	for _, b := range [][]byte{head, tail} {
		if bytes.IndexByte(b, 0) >= 0 || !utf8.Valid(b) {
			return true
		}
	}
	return false
}

// Text is the output as a model should read it: the text kept, with a line
// saying how many bytes were left out where they were; binary output is
// described, never shown (it would read as mojibake).
func (o Output) Text() string {
	if o.Binary() {
		return fmt.Sprintf("[binary output: %d bytes, not shown]", o.Total)
	}
	if o.Tail == nil {
		return string(o.Head)
	}
	head, tail := trimCut(o.Head, false), trimCut(o.Tail, true)
	left := o.Total - int64(len(head)+len(tail))
	return fmt.Sprintf("%s\n[… %d bytes left out …]\n%s", head, left, tail)
}

// trimCut drops a character cut in two by the cap: the partial bytes at
// the end of a head, or at the start of a tail. Only output that was cut
// is trimmed: a whole output ending in half a character is not text.
func trimCut(b []byte, atStart bool) []byte {
	if atStart {
		for i := 0; i < len(b) && i < utf8.UTFMax; i++ {
			if utf8.RuneStart(b[i]) {
				return b[i:]
			}
		}
		return b
	}
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if utf8.FullRune(b[i:]) {
				return b
			}
			return b[:i]
		}
	}
	return b
}
