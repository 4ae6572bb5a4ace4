package cli

import "strings"

// HostForms are the builtins a program gets only from the host, because
// they read the log. A program whose text names none of them runs in the
// lean command without opening a store.
var HostForms = []string{"recall-log", "recall-entry", "recall-search"}

// NamesHostForm reports whether src mentions one of HostForms anywhere:
// as a symbol, in a string, even in a comment. Erring that way only
// costs a slower start; a program that builds the name at run time meets
// the stub the lean command defines, whose error says how to run it.
func NamesHostForm(src string) bool {
	lower := strings.ToLower(src)
	for _, name := range HostForms {
		if strings.Contains(lower, name) {
			return true
		}
	}
	return false
}
