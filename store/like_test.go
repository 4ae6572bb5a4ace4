package store

import "testing"

func TestContains(t *testing.T) {
	cases := []struct {
		s, p string
		want bool
	}{
		{"fix the DEPLOY script", "deploy", true},
		{"É", "é", false},
		{"é", "é", true},
		{"100% done", `100\%`, true},
		{"1000", `100\%`, false},
		{"axb", `a\_b`, false},
		{"a_b", `a\_b`, true},
		{`c:\x`, `c:\`, true},
		{"abc", "a%c", true},
		{"abc", "a_c", true},
		{"ac", "a_c", false},
		{"anything", "", true},
	}
	for _, c := range cases {
		if got := Contains(c.s, c.p); got != c.want {
			t.Errorf("Contains(%q, %q) = %v, want %v", c.s, c.p, got, c.want)
		}
	}
}

func TestTrigramFilter(t *testing.T) {
	cases := []struct {
		p, want string
		ok      bool
	}{
		{"deploy", "%deploy%", true},
		{"ab", "", false},
		{`de\%ploy`, "%ploy%", true},
		{"dep%script_x", "%dep%script%", true},
	}
	for _, c := range cases {
		got, ok := TrigramFilter(c.p)
		if got != c.want || ok != c.ok {
			t.Errorf("TrigramFilter(%q) = %q, %v; want %q, %v", c.p, got, ok, c.want, c.ok)
		}
	}
	if got := CanonicalLike(`a\b\`); got != `ab\\` {
		t.Errorf("CanonicalLike = %q", got)
	}
}

// Patterns that match the same texts fold to one; others stay apart.
func TestFoldedLike(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{"Deploy", "deploy"},
		{`\Deploy`, "deploy"},
		{`50\%`, `50\%`},
	} {
		if FoldedLike(c.a) != FoldedLike(c.b) {
			t.Errorf("FoldedLike(%q) = %q, FoldedLike(%q) = %q: want one", c.a, FoldedLike(c.a), c.b, FoldedLike(c.b))
		}
	}
	for _, c := range []struct{ a, b string }{
		{"É", "é"},
		{"a%", "a_"},
		{`50\%`, "50%"},
	} {
		if FoldedLike(c.a) == FoldedLike(c.b) {
			t.Errorf("FoldedLike(%q) = FoldedLike(%q) = %q: want them apart", c.a, c.b, FoldedLike(c.a))
		}
	}
}
