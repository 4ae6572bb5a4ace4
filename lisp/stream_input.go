package lisp

import "unicode/utf8"

// InputStream is a character input stream reading a string, as
// make-string-input-stream and with-input-from-string make. Pos is the
// byte offset of the next character; End is where the stream stops.
type InputStream struct {
	S        string
	Pos, End int
	Start    int // the offset it started at, for with-input-from-string's :index
	Closed   bool
	// File is the path of the file a host's file stream reads, "" for a
	// string input stream; it makes the stream a file-stream.
	File string
	// Logical is the logical pathname the file was opened by, nil when
	// it was opened by a Unix name: the stream's pathname.
	Logical *Pathname
	// Binary marks a stream of (unsigned-byte 8): read-byte reads S's
	// bytes, the character functions refuse it.
	Binary bool
}

// NewStringInputStream returns a stream reading s[start:end].
func NewStringInputStream(s string, start, end int) *InputStream {
	return &InputStream{S: s, Pos: start, End: end, Start: start}
}

// NextChar returns the next character and advances, or false at the end.
func (s *InputStream) NextChar() (rune, bool) {
	if s.Pos >= s.End {
		return 0, false
	}
	r, n := utf8.DecodeRuneInString(s.S[s.Pos:s.End])
	s.Pos += n
	return r, true
}

// PeekChar returns the next character without reading it.
func (s *InputStream) PeekChar() (rune, bool) {
	if s.Pos >= s.End {
		return 0, false
	}
	r, _ := utf8.DecodeRuneInString(s.S[s.Pos:s.End])
	return r, true
}

// UnreadChar steps back over r, the character last read.
func (s *InputStream) UnreadChar(r rune) bool {
	n := utf8.RuneLen(r)
	if n < 0 || s.Pos-n < s.Start {
		return false
	}
	if got, _ := utf8.DecodeRuneInString(s.S[s.Pos-n:]); got != r {
		return false
	}
	s.Pos -= n
	return true
}

// Rest is the unread text.
func (s *InputStream) Rest() string { return s.S[s.Pos:s.End] }

// Skip consumes the first n bytes of Rest.
func (s *InputStream) Skip(n int) { s.Pos += n }

// NextByte returns the next byte and advances, or false at the end.
func (s *InputStream) NextByte() (byte, bool) {
	if s.Pos >= s.End {
		return 0, false
	}
	s.Pos++
	return s.S[s.Pos-1], true
}

// Position is the byte offset of the next character from where the stream
// started, as file-position gives it.
func (s *InputStream) Position() int { return s.Pos - s.Start }

// SetPosition moves the stream to byte offset n from its start; it
// reports false, and stays, when n is outside the stream or inside a
// character.
func (s *InputStream) SetPosition(n int) bool {
	p := s.Start + n
	if n < 0 || p > s.End || (p < s.End && !utf8.RuneStart(s.S[p])) {
		return false
	}
	s.Pos = p
	return true
}

// Seek moves the stream to pos as file-position takes it: a byte offset,
// :start or :end. It reports false, and stays, for any other position.
func (s *InputStream) Seek(pos Value) bool {
	switch p := pos.(type) {
	case Fixnum:
		return s.SetPosition(int(p))
	case *Symbol:
		switch p.Name {
		case "START":
			return s.SetPosition(0)
		case "END":
			return s.SetPosition(s.End - s.Start)
		}
	}
	return false
}
