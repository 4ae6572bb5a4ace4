package main

import (
	"context"
	"slices"
	"testing"

	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/recall"
	"github.com/nodelisp/nodelisp/store"
)

// The lean nodelisp decides from cli.Subcommands which first arguments
// are the host's: the list must be exactly the host's subcommands.
func TestSubcommandsListed(t *testing.T) {
	var names []string
	for name := range subcommands {
		names = append(names, name)
	}
	slices.Sort(names)
	if !slices.Equal(names, cli.Subcommands) {
		t.Errorf("host subcommands %v, cli.Subcommands %v", names, cli.Subcommands)
	}
}

// The lean nodelisp hands over a program that names one of cli.HostForms:
// the list must hold every function the host's script mode adds.
func TestHostFormsListed(t *testing.T) {
	bare := interp.New(interp.Options{})
	full := interp.New(interp.Options{})
	recall.InstallLazy(full.Image(), func(context.Context) (store.Store, error) { return nil, nil }, "")
	var added []string
	for _, sym := range lisp.AllSymbols() {
		if full.Image().Describe(sym).Kind != "" && bare.Image().Describe(sym).Kind == "" {
			added = append(added, sym.String())
		}
	}
	slices.Sort(added)
	want := slices.Sorted(slices.Values(cli.HostForms))
	if !slices.Equal(added, want) {
		t.Errorf("the script mode adds %v, cli.HostForms lists %v", added, want)
	}
}
