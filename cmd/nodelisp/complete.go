package main

import (
	"sort"
	"strings"
	"unicode"

	"github.com/nodelisp/nodelisp/lisp"
)

// completeWord is the REPL's Tab: at the start of a line a slash command,
// elsewhere a name the image defines (a function, macro, special operator
// or global variable), in lower case. liner replaces the word before the
// cursor with the completion chosen.
func (r *repl) completeWord(line string, pos int) (head string, completions []string, tail string) {
	rs := []rune(line)
	pos = min(max(pos, 0), len(rs))
	start := pos
	for start > 0 && symbolRune(rs[start-1]) {
		start--
	}
	head, word, tail := string(rs[:start]), string(rs[start:pos]), string(rs[pos:])
	if strings.TrimSpace(head) == "" && strings.HasPrefix(word, "/") {
		return head, slashCompletions(word), tail
	}
	if word == "" {
		return head, nil, tail
	}
	return head, r.names(word), tail
}

// symbolRune reports whether r can be part of a symbol's name as typed.
func symbolRune(r rune) bool {
	if unicode.IsSpace(r) {
		return false
	}
	return !strings.ContainsRune("()'\"`,;#|", r)
}

// names lists the defined names that start with prefix, ignoring case.
func (r *repl) names(prefix string) []string {
	image := r.sess.Interpreter().Evaluator()
	want := strings.ToLower(prefix)
	seen := map[string]bool{}
	var out []string
	for _, sym := range lisp.AllSymbols() {
		name := strings.ToLower(sym.Name)
		if sym.Keyword {
			name = ":" + name
		}
		if seen[name] || !strings.HasPrefix(name, want) {
			continue
		}
		if !sym.Keyword {
			if info := image.Describe(sym); info.Kind == "" && !info.Bound {
				continue
			}
		}
		seen[name] = true
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// slashCompletions lists the slash commands (aliases too) starting with
// prefix.
func slashCompletions(prefix string) []string {
	var out []string
	for _, c := range slashCommands {
		for _, n := range append([]string{c.name}, c.aliases...) {
			if strings.HasPrefix("/"+n, prefix) {
				out = append(out, "/"+n)
			}
		}
	}
	sort.Strings(out)
	return out
}
