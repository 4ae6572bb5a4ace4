package main

import (
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// docs/architecture.md's table says, for every package of the module,
// which of the module's packages it imports: the table must be exactly
// what `go list` says, so the picture cannot drift from the code. The
// table is also the layer order the page states: a package imports only
// packages in rows above its own, so an import that points back up fails
// here.
func TestArchitectureTable(t *testing.T) {
	const module = "github.com/nodelisp/nodelisp/"
	list := exec.Command("go", "list", "-f", `{{.ImportPath}}|{{join .Imports " "}}`, "./...")
	list.Dir = "../.."
	out, err := list.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	real := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, "|")
		var own []string
		for _, imp := range strings.Fields(imports) {
			if strings.HasPrefix(imp, module) {
				own = append(own, strings.TrimPrefix(imp, module))
			}
		}
		slices.Sort(own)
		real[strings.TrimPrefix(pkg, module)] = own
	}

	doc, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9/]+)` \\| ([^|]*) \\|")
	name := regexp.MustCompile("`([a-z0-9/]+)`")
	table := map[string][]string{}
	layer := map[string]int{} // a package's row, top first
	for i, m := range row.FindAllStringSubmatch(string(doc), -1) {
		layer[m[1]] = i
		var imports []string
		for _, n := range name.FindAllStringSubmatch(m[2], -1) {
			imports = append(imports, n[1])
		}
		slices.Sort(imports)
		table[m[1]] = imports
	}
	for pkg, imports := range real {
		got, ok := table[pkg]
		want := "| `" + pkg + "` | " + backticked(imports) + " | … |"
		switch {
		case !ok:
			t.Errorf("docs/architecture.md has no row for %s; add %s", pkg, want)
		case !slices.Equal(got, imports):
			t.Errorf("docs/architecture.md: %s imports %v, the table says %v; the row should read %s", pkg, imports, got, want)
		}
	}
	for pkg, imports := range real {
		for _, imp := range imports {
			if at, ok := layer[imp]; ok && at >= layer[pkg] {
				t.Errorf("docs/architecture.md: %s imports %s, which stands in a row below it; move %s's row above %s's or remove the import", pkg, imp, imp, pkg)
			}
		}
	}
	for pkg := range table {
		if _, ok := real[pkg]; !ok {
			t.Errorf("docs/architecture.md has a row for %s, which is not a package of the module", pkg)
		}
	}
}

func backticked(pkgs []string) string {
	if len(pkgs) == 0 {
		return "—"
	}
	var out []string
	for _, p := range pkgs {
		out = append(out, "`"+p+"`")
	}
	return strings.Join(out, ", ")
}
