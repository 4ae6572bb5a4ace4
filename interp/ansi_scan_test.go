//go:build ansi

package interp_test

import (
	"fmt"
	"strings"
	"unicode"
)

// A scanner for the ANSI test suite's source files, enough to cut them
// into top-level forms and a deftest into its parts without a Lisp reader:
// comments, strings, |escaped| tokens, #\ characters and the # dispatch
// macros are skipped over as text. Read-time conditionals (#+ and #-)
// are decided here, with one set of features for both implementations,
// and package prefixes of the suite's own package are dropped (nodelisp
// has one package), so nodelisp and SBCL are given the same text.

// ansiFeatures are the features both implementations are read with:
// neither's own, so that each runs the suite's portable code.
var ansiFeatures = map[string]bool{"COMMON-LISP": true, "ANSI-CL": true, "IEEE-FLOATING-POINT": true}

// sexp is one datum of the source: its rewritten text and, for a list,
// its elements.
type sexp struct {
	text  string
	list  bool
	elems []sexp
}

type scanner struct {
	src string
	pos int
}

// scanForms returns the top-level forms of src.
func scanForms(src string) ([]sexp, error) {
	s := &scanner{src: src}
	var out []sexp
	for {
		x, ok, err := s.next()
		if err != nil {
			return out, err
		}
		if !ok {
			return out, nil
		}
		out = append(out, x)
	}
}

// skipSpace skips whitespace and comments.
func (s *scanner) skipSpace() error {
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == ';':
			for s.pos < len(s.src) && s.src[s.pos] != '\n' {
				s.pos++
			}
		case c == '#' && s.pos+1 < len(s.src) && s.src[s.pos+1] == '|':
			depth := 0
			for {
				if s.pos+1 >= len(s.src) {
					return fmt.Errorf("unterminated #| comment")
				}
				if s.src[s.pos] == '#' && s.src[s.pos+1] == '|' {
					depth++
					s.pos += 2
				} else if s.src[s.pos] == '|' && s.src[s.pos+1] == '#' {
					depth--
					s.pos += 2
					if depth == 0 {
						break
					}
				} else {
					s.pos++
				}
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			s.pos++
		default:
			return nil
		}
	}
	return nil
}

// next reads one datum; ok is false at the end of the source or of a list.
func (s *scanner) next() (sexp, bool, error) {
	for {
		if err := s.skipSpace(); err != nil {
			return sexp{}, false, err
		}
		if s.pos >= len(s.src) || s.src[s.pos] == ')' {
			return sexp{}, false, nil
		}
		x, skip, err := s.datum()
		if err != nil {
			return sexp{}, false, err
		}
		if !skip {
			return x, true, nil
		}
	}
}

// datum reads the datum at pos; skip reports a conditional that read as
// nothing.
func (s *scanner) datum() (x sexp, skip bool, err error) {
	c := s.src[s.pos]
	switch c {
	case '(':
		s.pos++
		var elems []sexp
		for {
			e, ok, err := s.next()
			if err != nil {
				return sexp{}, false, err
			}
			if !ok {
				break
			}
			elems = append(elems, e)
		}
		if s.pos >= len(s.src) {
			return sexp{}, false, fmt.Errorf("unterminated list")
		}
		s.pos++
		texts := make([]string, len(elems))
		for i, e := range elems {
			texts[i] = e.text
		}
		return sexp{text: "(" + strings.Join(texts, " ") + ")", list: true, elems: elems}, false, nil
	case '"':
		start := s.pos
		s.pos++
		for s.pos < len(s.src) && s.src[s.pos] != '"' {
			if s.src[s.pos] == '\\' {
				s.pos++
			}
			s.pos++
		}
		if s.pos >= len(s.src) {
			return sexp{}, false, fmt.Errorf("unterminated string")
		}
		s.pos++
		return sexp{text: s.src[start:s.pos]}, false, nil
	case '\'', '`':
		s.pos++
		return s.prefixed(string(c))
	case ',':
		s.pos++
		if s.pos < len(s.src) && (s.src[s.pos] == '@' || s.src[s.pos] == '.') {
			s.pos++
			return s.prefixed(s.src[s.pos-2 : s.pos])
		}
		return s.prefixed(",")
	case '#':
		return s.dispatch()
	}
	return sexp{text: s.token()}, false, nil
}

// prefixed reads the datum after a prefix such as ' or #'.
func (s *scanner) prefixed(prefix string) (sexp, bool, error) {
	x, ok, err := s.next()
	if err != nil {
		return sexp{}, false, err
	}
	if !ok {
		return sexp{}, false, fmt.Errorf("nothing after %s", prefix)
	}
	return sexp{text: prefix + x.text}, false, nil
}

// dispatch reads a # form.
func (s *scanner) dispatch() (sexp, bool, error) {
	start := s.pos
	s.pos++
	for s.pos < len(s.src) && s.src[s.pos] >= '0' && s.src[s.pos] <= '9' {
		s.pos++
	}
	if s.pos >= len(s.src) {
		return sexp{}, false, fmt.Errorf("# at end of file")
	}
	c := s.src[s.pos]
	s.pos++
	switch c {
	case '\\':
		// One character, then any constituents (a name like Space).
		_, size := decodeRune(s.src[s.pos:])
		s.pos += size
		for s.pos < len(s.src) && !isDelimiter(s.src[s.pos]) {
			s.pos++
		}
		return sexp{text: s.src[start:s.pos]}, false, nil
	case '+', '-':
		feature, ok, err := s.next()
		if err != nil || !ok {
			return sexp{}, false, fmt.Errorf("bad feature expression")
		}
		x, ok, err := s.next()
		if err != nil || !ok {
			return sexp{}, false, fmt.Errorf("nothing after a feature expression")
		}
		if featureTrue(feature) == (c == '+') {
			return x, false, nil
		}
		return sexp{}, true, nil
	case '\'', '.', '(', '*', ':', 'c', 'C', 'p', 'P', 'a', 'A', 's', 'S', 'x', 'X', 'b', 'B', 'o', 'O', 'r', 'R', '=', '#':
		prefix := s.src[start:s.pos]
		if c == '(' {
			s.pos--
			prefix = s.src[start:s.pos]
		}
		if c == '#' {
			return sexp{text: prefix}, false, nil
		}
		if c == '*' || c == ':' || c == 'x' || c == 'X' || c == 'b' || c == 'B' || c == 'o' || c == 'O' || c == 'r' || c == 'R' {
			return sexp{text: prefix + s.token()}, false, nil
		}
		return s.prefixed(prefix)
	}
	return sexp{}, false, fmt.Errorf("unknown dispatch #%c", c)
}

// token reads a symbol or number, dropping the suite's package prefix.
func (s *scanner) token() string {
	start := s.pos
	for s.pos < len(s.src) && !isDelimiter(s.src[s.pos]) {
		switch s.src[s.pos] {
		case '\\':
			s.pos += 2
			continue
		case '|':
			s.pos++
			for s.pos < len(s.src) && s.src[s.pos] != '|' {
				if s.src[s.pos] == '\\' {
					s.pos++
				}
				s.pos++
			}
		}
		s.pos++
	}
	if s.pos > len(s.src) {
		s.pos = len(s.src)
	}
	tok := s.src[start:s.pos]
	upper := strings.ToUpper(tok)
	for _, p := range []string{"CL-TEST::", "CL-TEST:", "COMMON-LISP-USER::", "CL-USER::"} {
		if strings.HasPrefix(upper, p) {
			return tok[len(p):]
		}
	}
	return tok
}

func isDelimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\f', '(', ')', '"', ';', '\'', '`', ',':
		return true
	}
	return false
}

func decodeRune(s string) (rune, int) {
	for i, r := range s {
		if i == 0 {
			n := len(string(r))
			return r, n
		}
	}
	return 0, 1
}

// featureTrue evaluates a feature expression against ansiFeatures.
func featureTrue(f sexp) bool {
	if !f.list {
		name := strings.ToUpper(strings.TrimLeft(f.text, ":"))
		return ansiFeatures[name]
	}
	if len(f.elems) == 0 {
		return false
	}
	op := strings.ToUpper(strings.TrimLeft(f.elems[0].text, ":"))
	args := f.elems[1:]
	switch op {
	case "AND":
		for _, a := range args {
			if !featureTrue(a) {
				return false
			}
		}
		return true
	case "OR":
		for _, a := range args {
			if featureTrue(a) {
				return true
			}
		}
		return false
	case "NOT":
		return len(args) == 1 && !featureTrue(args[0])
	}
	return false
}

// symbolIs reports whether x is the symbol name, in any case.
func symbolIs(x sexp, name string) bool {
	return !x.list && strings.EqualFold(x.text, name)
}

// isKeywordToken reports whether x is a keyword like :notes.
func isKeywordToken(x sexp) bool {
	return !x.list && strings.HasPrefix(x.text, ":") && len(x.text) > 1 && !unicode.IsSpace(rune(x.text[1]))
}
