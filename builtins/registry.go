// Package builtins is the Common Lisp library of nodelisp: the functions
// and macros of docs/language.md written in Go, over the values of package lisp and
// the evaluator of package eval. It holds nothing that touches files, the
// network or the log; hosts add those.
//
// Each file registers its group of builtins from a register function.
// The library is loaded lazily, a group at a time: an image asks for a
// name the first time a program uses it, the generated index says which
// group defines it, and only that group is registered. A one-line script
// so pays for the few builtins it calls, not for four hundred.
package builtins

import (
	"sort"
	"sync"
	"sync/atomic"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// groups are the files' register functions; a group's number is its
// place here, which the index records, so append new groups at the end.
var groups = [...]func(){
	registerChars, registerDocs, registerFormat, registerFunctional, registerHashtables,
	registerLists, registerListsAssoc, registerListsMap, registerLoop, registerMacros,
	registerMacrosCase, registerMacrosCheck, registerMacrosDefstruct, registerMacrosIteration,
	registerMacrosSetf, registerNumbers, registerNumbersBits, registerNumbersDivide,
	registerNumbersFloat, registerOutput, registerPredicates, registerSequences,
	registerSequencesArrays, registerSequencesMap, registerSequencesOrder,
	registerSequencesSearch, registerStrings, registerStringsCase, registerStringsCompare,
	registerClosClass, registerClosSlots, registerClosGeneric, registerClosInstance, registerClosDefine,
	registerClosMacros,
	registerListsSets, registerSequencesMake, registerNumbersFloatParts, registerHashtablesMore,
	registerTypesSubtypep, registerNumbersBoole, registerNumbersComplex, registerNumbersLogic,
	registerNumbersBytes, registerPackages,
	registerSymbolPlists, registerPathnames, registerMacrosDefstructTyped, registerMacrosIOSyntax,
}

// What the groups registered. Registration appends to functions and
// macros one group at a time, under registering; each group's share is
// recorded in its slot of loaded, which is set once and then only read.
var (
	registering   sync.Mutex
	functions     []*eval.Builtin
	macros        []macroDef
	spareBuiltins []eval.Builtin
	loaded        [len(groups)]atomic.Pointer[groupDefs]
)

// groupDefs is one group's builtins and macros, in registration order.
type groupDefs struct {
	functions []*eval.Builtin
	macros    []macroDef
}

type macroDef struct {
	name, doc string
	expand    eval.MacroFunc
}

// defun registers a builtin function. args is its lambda list, the one
// statement of its signature: describe shows it, and the evaluator checks
// the argument count it implies (eval.LambdaListArity), so the body's
// unpacking must accept what it says (TestBodiesAcceptTheirLambdaLists).
func defun(name, args, doc string, f func(t *eval.Thread, args []lisp.Value) lisp.Value) {
	least, most, _ := eval.LambdaListArity(args) // TestLambdaListsRead: every one reads
	if len(spareBuiltins) == 0 {
		spareBuiltins = make([]eval.Builtin, 64)
	}
	b := &spareBuiltins[0]
	spareBuiltins = spareBuiltins[1:]
	*b = eval.Builtin{Name: name, Min: least, Max: most, Args: args, Doc: doc, Fn: f}
	functions = append(functions, b)
}

// macro registers a macro written in Go.
func macro(name, doc string, expand eval.MacroFunc) {
	macros = append(macros, macroDef{name, doc, expand})
}

// group returns group g's definitions, registering the group first if no
// image has needed it yet.
func group(g int) *groupDefs {
	if defs := loaded[g].Load(); defs != nil {
		return defs
	}
	registering.Lock()
	defer registering.Unlock()
	if defs := loaded[g].Load(); defs != nil {
		return defs
	}
	f, m := len(functions), len(macros)
	groups[g]()
	interruptiblePrinting(functions[f:])
	reserveBignums(functions[f:])
	defs := &groupDefs{functions: functions[f:len(functions):len(functions)], macros: macros[m:len(macros):len(macros)]}
	loaded[g].Store(defs)
	return defs
}

// loadAll registers every group, for what must see the whole library.
func loadAll() {
	for g := range groups {
		group(g)
	}
}

// Install gives in the library: each name is defined in it the first time
// in looks it up.
func Install(in *eval.Interp) {
	in.SetLibrary(resolve)
	in.SetLiteralHook(resolveLiterals)
	installLimitConstants(in)
}

// resolve is the eval.Library of the library: the builtin function and the
// macro the upper-case name has, registering its group if need be.
func resolve(name string) (fn *eval.Builtin, m *eval.Macro, ok bool) {
	e, ok := indexed(name)
	if !ok {
		return nil, nil, false
	}
	if e.fnGroup >= 0 {
		fn = group(int(e.fnGroup)).functions[e.fnPos]
	}
	if e.macroGroup >= 0 {
		d := group(int(e.macroGroup)).macros[e.macroPos]
		m = &eval.Macro{Doc: d.doc, Expand: d.expand}
	}
	return fn, m, true
}

// indexEntry is where the library defines one name: the group and the
// place in it of its function and of its macro, -1 for none.
type indexEntry struct {
	name                 string
	fnGroup, fnPos       int16
	macroGroup, macroPos int16
}

// indexed finds name in libraryIndex, which is sorted by name.
func indexed(name string) (indexEntry, bool) {
	i := sort.Search(len(libraryIndex), func(i int) bool { return libraryIndex[i].name >= name })
	if i < len(libraryIndex) && libraryIndex[i].name == name {
		return libraryIndex[i], true
	}
	return indexEntry{}, false
}

// The symbol table learns the library's names from the index, so that
// find-symbol and apropos see a name no program has used yet.
func init() {
	lisp.AddNameSource(func(name string) bool {
		_, ok := indexed(name)
		return ok
	}, func() []string {
		names := make([]string, len(libraryIndex))
		for i, e := range libraryIndex {
			names[i] = e.name
		}
		return names
	})
}
