package proc

import (
	"strings"
	"testing"
)

func TestCappedKeepsHeadAndTail(t *testing.T) {
	c := newCapped(10)
	for _, s := range []string{"abc", "defgh", "ijklmnop", "qrstuvwxyz"} {
		c.Write([]byte(s))
	}
	o := c.output()
	if string(o.Head) != "abcde" || string(o.Tail) != "vwxyz" || o.LeftOut() != 16 {
		t.Fatalf("head %q tail %q left %d", o.Head, o.Tail, o.LeftOut())
	}
	if got, want := o.Text(), "abcde\n[… 16 bytes left out …]\nvwxyz"; got != want {
		t.Fatalf("Text() = %q, want %q", got, want)
	}
}

func TestCappedUnderTheCapIsWhole(t *testing.T) {
	c := newCapped(10)
	c.Write([]byte("abcdefg"))
	c.Write([]byte("hi"))
	if o := c.output(); o.Text() != "abcdefghi" || o.LeftOut() != 0 {
		t.Fatalf("got %q, left %d", o.Text(), o.LeftOut())
	}
}

func TestCappedRingWrapsInSmallWrites(t *testing.T) {
	c := newCapped(8)
	in := strings.Repeat("0123456789", 7)
	for i := range len(in) {
		c.Write([]byte{in[i]})
	}
	o := c.output()
	if string(o.Head) != "0123" || string(o.Tail) != in[len(in)-4:] {
		t.Fatalf("head %q tail %q", o.Head, o.Tail)
	}
}

func TestBinaryOutputIsDescribed(t *testing.T) {
	o := Output{Head: []byte("PK\x03\x04\x00\x00"), Total: 6}
	if got := o.Text(); got != "[binary output: 6 bytes, not shown]" {
		t.Fatalf("got %q", got)
	}
	latin1 := Output{Head: []byte("caf\xe9"), Total: 4}
	if !latin1.Binary() {
		t.Fatal("invalid UTF-8 not taken for binary")
	}
}

func TestACutCharacterIsNotBinary(t *testing.T) {
	// "é" is two bytes; a cap that splits one is not binary output.
	c := newCapped(6)
	c.Write([]byte(strings.Repeat("é", 10)))
	o := c.output()
	if o.Binary() {
		t.Fatalf("split character taken for binary: %q %q", o.Head, o.Tail)
	}
	if got := o.Text(); !strings.HasPrefix(got, "é") || !strings.HasSuffix(got, "é") {
		t.Fatalf("Text() = %q", got)
	}
}
