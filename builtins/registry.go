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
	"strings"
	"sync"
	"sync/atomic"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// groups are the library's groups of builtins, one per file and keyed by
// the file's name: each file registers its builtins and macros from one
// register function, which registers no other group. The generated index
// names each builtin's group, so a file added here is a line in this
// list and a regenerated index (go generate ./builtins).
var groups = map[string]*group{
	"arrays":                 {register: registerArrays},
	"arrays_bits":            {register: registerBitOps},
	"arrays_adjust":          {register: registerArraysAdjust},
	"arrays_displaced":       {register: registerArraysDisplaced},
	"chars":                  {register: registerChars},
	"clos_class":             {register: registerClosClass},
	"clos_change":            {register: registerClosChange},
	"clos_combination":       {register: registerClosCombination},
	"clos_load_form":         {register: registerClosLoadForm},
	"clos_method":            {register: registerClosMethod},
	"clos_define":            {register: registerClosDefine},
	"clos_generic":           {register: registerClosGeneric},
	"clos_instance":          {register: registerClosInstance},
	"clos_macros":            {register: registerClosMacros},
	"clos_redefine":          {register: registerClosRedefine},
	"clos_slots":             {register: registerClosSlots},
	"clos_standard_generics": {register: registerClosStandardGenerics},
	"compile":                {register: registerCompile},
	"compiler_macros":        {register: registerCompilerMacros},
	"constantp":              {register: registerConstantp},
	"declaration_names":      {register: registerDeclarationNames},
	"deftype":                {register: registerDeftype},
	"docs":                   {register: registerDocs},
	"docs_setf":              {register: registerDocsSetf},
	"environment":            {register: registerEnvironment},
	"format":                 {register: registerFormat},
	"functional":             {register: registerFunctional},
	"hashtables":             {register: registerHashtables},
	"hashtables_more":        {register: registerHashtablesMore},
	"input":                  {register: registerInput},
	"lists":                  {register: registerLists},
	"lists_assoc":            {register: registerListsAssoc},
	"lists_map":              {register: registerListsMap},
	"lists_sets":             {register: registerListsSets},
	"load":                   {register: registerLoad},
	"loop":                   {register: registerLoop},
	"macros":                 {register: registerMacros},
	"macros_case":            {register: registerMacrosCase},
	"macros_check":           {register: registerMacrosCheck},
	"macros_defstruct":       {register: registerMacrosDefstruct},
	"macros_defstruct_typed": {register: registerMacrosDefstructTyped},
	"macros_io_syntax":       {register: registerMacrosIOSyntax},
	"macros_iteration":       {register: registerMacrosIteration},
	"macros_setf":            {register: registerMacrosSetf},
	"macros_setf_expansion":  {register: registerSetfExpansion},
	"macros_standard":        {register: registerMacrosStandard},
	"numbers":                {register: registerNumbers},
	"numbers_bits":           {register: registerNumbersBits},
	"numbers_boole":          {register: registerNumbersBoole},
	"numbers_bytes":          {register: registerNumbersBytes},
	"numbers_complex":        {register: registerNumbersComplex},
	"numbers_divide":         {register: registerNumbersDivide},
	"numbers_float":          {register: registerNumbersFloat},
	"numbers_float_parts":    {register: registerNumbersFloatParts},
	"numbers_logic":          {register: registerNumbersLogic},
	"numbers_random":         {register: registerNumbersRandom},
	"output":                 {register: registerOutput},
	"output_options":         {register: registerPrintOptions},
	"output_pretty":          {register: registerOutputPretty},
	"pprint_dispatch":        {register: registerPprintDispatch},
	"packages":               {register: registerPackages},
	"packages_iterate":       {register: registerPackageIterator},
	"pathnames":              {register: registerPathnames},
	"pathnames_make":         {register: registerPathnameParts},
	"pathnames_parse":        {register: registerPathnameParse},
	"pathnames_wild":         {register: registerPathnameWild},
	"pathnames_logical":      {register: registerPathnameLogical},
	"pathnames_files":        {register: registerPathnameFiles},
	"predicates":             {register: registerPredicates},
	"readtable":              {register: registerReadtable},
	"readtable_read":         {register: registerReadtableRead},
	"sequences":              {register: registerSequences},
	"sequences_arrays":       {register: registerSequencesArrays},
	"sequences_make":         {register: registerSequencesMake},
	"sequences_map":          {register: registerSequencesMap},
	"sequences_order":        {register: registerSequencesOrder},
	"sequences_search":       {register: registerSequencesSearch},
	"strings":                {register: registerStrings},
	"strings_case":           {register: registerStringsCase},
	"stream_sequences":       {register: registerStreamSequences},
	"strings_compare":        {register: registerStringsCompare},
	"streams_bytes":          {register: registerStreamsBytes},
	"streams_composite":      {register: registerStreamsComposite},
	"streams_info":           {register: registerStreamsInfo},
	"symbols_copy":           {register: registerSymbolsCopy},
	"symbols_plist":          {register: registerSymbolPlists},
	"time":                   {register: registerTime},
	"types_subtypep":         {register: registerTypesSubtypep},
}

// A group is one file's register function and, once it has run, what it
// registered; defs is set once and then only read.
type group struct {
	register func()
	defs     atomic.Pointer[groupDefs]
}

// What the groups registered. Registration appends to functions and
// macros one group at a time, under registering; each group's share is
// recorded in its defs.
var (
	registering   sync.Mutex
	functions     []*eval.Builtin
	macros        []macroDef
	spareBuiltins []eval.Builtin
)

// groupDefs is one group's builtins and macros, in registration order,
// and each by its upper-case name (the last of a name registered twice).
type groupDefs struct {
	functions   []*eval.Builtin
	macros      []macroDef
	fnByName    map[string]*eval.Builtin
	macroByName map[string]*macroDef
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

// groupNamed returns the named group's definitions, registering the
// group first if no image has needed it yet.
func groupNamed(name string) *groupDefs {
	g := groups[name]
	if defs := g.defs.Load(); defs != nil {
		return defs
	}
	registering.Lock()
	defer registering.Unlock()
	if defs := g.defs.Load(); defs != nil {
		return defs
	}
	f, m := len(functions), len(macros)
	g.register()
	interruptiblePrinting(functions[f:])
	reserveBignums(functions[f:])
	defs := &groupDefs{functions: functions[f:len(functions):len(functions)], macros: macros[m:len(macros):len(macros)]}
	defs.fnByName = make(map[string]*eval.Builtin, len(defs.functions))
	for _, b := range defs.functions {
		defs.fnByName[strings.ToUpper(b.Name)] = b
	}
	defs.macroByName = make(map[string]*macroDef, len(defs.macros))
	for i := range defs.macros {
		defs.macroByName[strings.ToUpper(defs.macros[i].name)] = &defs.macros[i]
	}
	g.defs.Store(defs)
	return defs
}

// loadAll registers every group, for what must see the whole library.
func loadAll() {
	for name := range groups {
		groupNamed(name)
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
	if e.fnGroup != "" {
		fn = groupNamed(e.fnGroup).fnByName[name]
	}
	if e.macroGroup != "" {
		d := groupNamed(e.macroGroup).macroByName[name]
		m = &eval.Macro{Doc: d.doc, Expand: d.expand}
	}
	return fn, m, true
}

// indexEntry is where the library defines one name: the group of its
// function and the group of its macro, "" for none. A group finds the
// name itself, so adding a builtin changes one line of the index.
type indexEntry struct {
	name                string
	fnGroup, macroGroup string
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
