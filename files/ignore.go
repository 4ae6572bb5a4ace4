package files

import (
	"bufio"
	"bytes"
	"path"
	"strings"
)

// IgnoreFile names the file, at the top of the working directory, whose
// patterns the capture around a command leaves out.
const IgnoreFile = ".nodelispignore"

// ignore is the patterns of a .nodelispignore: one a line, blank lines and
// lines starting with # skipped. A pattern with no slash (other than a
// trailing one) matches a name at any depth ("node_modules", "*.o"); one
// with a slash matches from the top ("build/out", "/tmp"); a trailing
// slash matches directories only. Patterns use path.Match's syntax, and a
// directory that matches is left out with everything beneath it. It is a
// small part of .gitignore's language: no negation, no "**".
type ignore struct {
	anywhere, rooted []pattern
}

type pattern struct {
	glob    string
	dirOnly bool
}

func parseIgnore(data []byte) *ignore {
	ig := &ignore{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p := pattern{}
		if strings.HasSuffix(line, "/") {
			p.dirOnly = true
			line = strings.TrimRight(line, "/")
		}
		if line == "" {
			continue
		}
		if strings.Contains(line, "/") {
			p.glob = strings.TrimPrefix(line, "/")
			ig.rooted = append(ig.rooted, p)
		} else {
			p.glob = line
			ig.anywhere = append(ig.anywhere, p)
		}
	}
	return ig
}

// match reports whether rel (slash-separated, relative to the top) is
// left out; isDir says whether it is a directory.
func (ig *ignore) match(rel string, isDir bool) bool {
	base := path.Base(rel)
	for _, p := range ig.anywhere {
		if (!p.dirOnly || isDir) && globMatch(p.glob, base) {
			return true
		}
	}
	for _, p := range ig.rooted {
		if (!p.dirOnly || isDir) && globMatch(p.glob, rel) {
			return true
		}
	}
	return false
}

func globMatch(glob, name string) bool {
	ok, err := path.Match(glob, name)
	return err == nil && ok
}
