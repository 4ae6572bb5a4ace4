package eval

import (
	"io"
	"sync"

	"github.com/nodelisp/nodelisp/lisp"
)

// Default limits, used where a Limits field is zero.
const (
	DefaultMaxSteps  int64 = 1_000_000_000
	DefaultMaxDepth        = 10000
	DefaultMaxOutput int64 = 1 << 20
	// DefaultMaxMemoryCeiling is the most the default memory cap can be;
	// the default is the smaller of it and a quarter of the machine's RAM.
	DefaultMaxMemoryCeiling int64 = 1 << 30
)

// DefaultMaxMemory is the memory cap a zero Limits.MaxMemory takes: the
// smaller of 1 GiB and a quarter of physical memory.
var DefaultMaxMemory = sync.OnceValue(func() int64 {
	if ram := physicalMemory(); ram > 0 {
		return min(DefaultMaxMemoryCeiling, ram/4)
	}
	return DefaultMaxMemoryCeiling
})

// Limits bounds one evaluation. Zero fields take the defaults.
type Limits struct {
	MaxSteps  int64 // evaluation steps per cell (0: DefaultMaxSteps)
	MaxDepth  int   // nested non-tail calls (0: DefaultMaxDepth = 10000)
	MaxOutput int64 // bytes a cell may print (0: DefaultMaxOutput)
	// MaxMemory caps the live memory of the image while a cell runs, in
	// bytes; what earlier cells retain counts too (0: DefaultMaxMemory()).
	MaxMemory int64
}

func (l Limits) withDefaults() Limits {
	if l.MaxSteps <= 0 {
		l.MaxSteps = DefaultMaxSteps
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultMaxDepth
	}
	if l.MaxOutput <= 0 {
		l.MaxOutput = DefaultMaxOutput
	}
	if l.MaxMemory <= 0 {
		l.MaxMemory = DefaultMaxMemory()
	}
	return l
}

// Interp is one Lisp image: its global variables, functions and macros.
// An Interp runs one evaluation at a time.
type Interp struct {
	limits Limits
	// ledger books the large objects the image holds (memory.go). It is
	// an allocation of its own, which the cleanups that credit it can
	// reach without reaching the image and what the image holds.
	ledger *ledger
	cells  map[*lisp.Symbol]*cell
	spare  []cell // unused cells (see cell)
	stdout *cell  // *standard-output*
	// printVars are the cells of the printer and reader variables.
	printVars *printCells
	// classes holds the condition types define-condition made.
	classes map[*lisp.Symbol]*conditionClass
	// library defines, on first use, the names the image has no cell for.
	library Library
	// carryColumn keeps the output column from one cell to the next
	// (CarryColumn); column is where the last cell left it.
	carryColumn bool
	column      int
	// repl holds the REPL variables' cells when the host is a REPL
	// (TrackREPLVariables); nil leaves them alone.
	repl *replCells
	// errOut, when set, is the stream *error-output* is bound to in every
	// cell (SetErrorOutput); otherwise it is the cell's output.
	errOut *lisp.Stream
	// ext and running serve the library's per-image state (extension.go).
	ext     map[any]any
	running *Thread
	literal func(t *Thread, v lisp.Value) lisp.Value
	// packages are the image's packages, and packageCell *package*'s cell
	// (packages.go).
	packages    *lisp.Packages
	packageCell *cell
}

// Library gives an image the definitions of names it has not bound yet:
// the function and the macro an upper-case symbol name has in a library,
// with ok false when it has neither. The image asks once per name, the
// first time anything looks the name up, so a library need not be
// installed whole before the first form runs.
type Library func(name string) (fn *Builtin, macro *Macro, ok bool)

// Macro is a macro written in Go, as a Library hands it over.
type Macro struct {
	Doc    string
	Expand MacroFunc
}

// SetLibrary makes lib the image's library. Cells the image made before
// it (the REPL variables *, +, - and /, which name functions too) take the
// library's definitions now, as cells made later do on first use.
func (in *Interp) SetLibrary(lib Library) {
	in.library = lib
	for sym, c := range in.cells {
		if c.fn != nil || c.macro != nil || sym.Keyword || !sym.Interned || sym.Home != nil {
			continue
		}
		if fn, m, ok := lib(sym.Name); ok {
			if fn != nil {
				c.fn = fn
			}
			if m != nil {
				c.macro, c.macroDoc = m.Expand, m.Doc
			}
		}
	}
}

// cell is everything the image binds to one symbol. Analysis resolves a
// global reference to its cell once, so running code pays a pointer
// dereference, never a map lookup.
type cell struct {
	sym       *lisp.Symbol
	value     lisp.Value // nil when unbound
	fn        lisp.Value // a *Builtin or *Closure; nil when not fbound
	macro     MacroFunc
	macroDoc  string
	macroArgs string
	// macroInLisp is set when macro was written in Lisp (defmacro): the
	// code it generates is the user's, unseen, so errors in it name it.
	macroInLisp bool
	// macroLambda is a defmacro's lambda list, which the pretty printer
	// reads to find where the body starts.
	macroLambda lisp.Value
	special     bool // proclaimed special by defvar, defparameter, defconstant
	constant    bool
	varDoc      string
}

// New returns an image holding only the special forms and the evaluator's
// own functions; package builtins adds the library.
func New(limits Limits) *Interp {
	// Sized for the library, which package builtins installs next.
	in := &Interp{limits: limits.withDefaults(), ledger: &ledger{}, cells: make(map[*lisp.Symbol]*cell, initialCells), classes: map[*lisp.Symbol]*conditionClass{}}
	in.stdout = in.cell(symStandardOutput)
	in.stdout.special = true
	in.stdout.value = lisp.NewStringStream()
	for _, name := range outputStreamVars {
		c := in.cell(name)
		c.special = true
	}
	in.definePrintVars()
	in.defineREPLVars()
	in.definePackages()
	in.defineConstants()
	for _, b := range evaluatorBuiltins {
		in.Define(b)
	}
	return in
}

// SetLimits replaces the image's limits (zero fields take the defaults).
func (in *Interp) SetLimits(l Limits) { in.limits = l.withDefaults() }

// Limits returns the image's limits with defaults filled in.
func (in *Interp) Limits() Limits { return in.limits }

// initialCells is about the number of names a short program uses.
const initialCells = 64

// lookup returns sym's cell, or nil when the image binds nothing to sym
// and its library defines nothing for it.
func (in *Interp) lookup(sym *lisp.Symbol) *cell {
	if c, ok := in.cells[sym]; ok {
		return c
	}
	if in.library == nil || sym.Keyword || !sym.Interned || sym.Home != nil {
		return nil
	}
	fn, m, ok := in.library(sym.Name)
	if !ok {
		return nil
	}
	c := in.newCell(sym)
	if fn != nil {
		c.fn = fn
	}
	if m != nil {
		c.macro, c.macroDoc = m.Expand, m.Doc
	}
	return c
}

// cell returns sym's cell, making it (with the library's definitions,
// if any) when there is none yet.
func (in *Interp) cell(sym *lisp.Symbol) *cell {
	if c := in.lookup(sym); c != nil {
		return c
	}
	return in.newCell(sym)
}

func (in *Interp) newCell(sym *lisp.Symbol) *cell {
	c, ok := in.cells[sym]
	if !ok {
		// Cells come from a block, a few dozen allocations for the
		// library's names instead of one each.
		if len(in.spare) == 0 {
			in.spare = make([]cell, 128)
		}
		c = &in.spare[0]
		in.spare = in.spare[1:]
		c.sym = sym
		in.cells[sym] = c
	}
	return c
}

// Define installs a builtin function under its Name.
func (in *Interp) Define(b *Builtin) { in.DefineFor(lisp.Sym(b.Name), b) }

// DefineFor installs a builtin as the function of sym, for a name the
// reader's case folding of b.Name would not give back (|pt-x|, made by
// defstruct from a lower-case structure name).
func (in *Interp) DefineFor(sym *lisp.Symbol, b *Builtin) {
	c := in.cell(sym)
	c.fn = b
	c.macro = nil
}

// DefineMacro installs a macro written in Go.
func (in *Interp) DefineMacro(name, doc string, expand MacroFunc) {
	c := in.cell(lisp.Sym(name))
	c.macro, c.macroInLisp = expand, false
	c.macroDoc = doc
}

// SetGlobal sets a global (special) variable by name ("*foo*").
func (in *Interp) SetGlobal(name string, v lisp.Value) {
	c := in.cell(lisp.Sym(name))
	c.special = true
	c.value = v
}

// Global returns a global variable's value.
func (in *Interp) Global(name string) (lisp.Value, bool) {
	c := in.lookup(lisp.Sym(name))
	if c == nil || c.value == nil {
		return nil, false
	}
	return c.value, true
}

// SymbolInfo is what the image knows of a symbol, for describe and apropos.
type SymbolInfo struct {
	Kind  string // "function", "macro", "special operator", or ""
	Args  string // lambda list as text
	Doc   string
	Bound bool // has a global value
	Value lisp.Value
	// Constant is a name defconstant (or the library) made a constant.
	Constant bool
	// VarDoc is the documentation string of the variable (defvar …).
	VarDoc string
}

// Describe reports what the image knows of sym.
func (in *Interp) Describe(sym *lisp.Symbol) SymbolInfo {
	var info SymbolInfo
	if _, ok := specialForms[sym]; ok {
		info.Kind = "special operator"
		info.Doc = specialDocs[sym]
	}
	c := in.lookup(sym)
	if c == nil {
		return info
	}
	switch {
	case c.macro != nil:
		info.Kind, info.Doc, info.Args = "macro", c.macroDoc, c.macroArgs
	case c.fn != nil:
		info.Kind = "function"
		switch f := c.fn.(type) {
		case *Builtin:
			info.Args, info.Doc = f.Args, f.Doc
		case *Closure:
			info.Args, info.Doc = f.lam.args, f.lam.doc
		}
	}
	if c.value != nil {
		info.Bound, info.Value, info.Constant = true, c.value, c.constant
	}
	info.VarDoc = c.varDoc
	return info
}

// printName is how a symbol prints under *print-case* :downcase, for
// Result.Defined and messages.
func printName(v lisp.Value) string {
	if s, ok := v.(*lisp.Symbol); ok {
		name := lisp.MessageName(s.Name)
		if s.Keyword {
			return ":" + name
		}
		return name
	}
	return lisp.Prin1ToString(v)
}

// outputStreamVars are the standard stream variables each cell binds to
// its output (*error-output* to the error output when the host set one).
// The two-way streams (*terminal-io*, *query-io*, *debug-io*) are output
// only: a cell has no interactive input.
var outputStreamVars = []*lisp.Symbol{symErrorOutput, lisp.Sym("*trace-output*"), lisp.Sym("*terminal-io*"), lisp.Sym("*query-io*"), lisp.Sym("*debug-io*")}

// SetErrorOutput makes *error-output* write to w in every cell from now
// on, as a script's standard error, instead of the cell's output.
func (in *Interp) SetErrorOutput(w io.Writer) {
	in.errOut = lisp.NewStream(&cappedWriter{w: w, max: in.limits.MaxOutput})
}

// CarryColumn makes each cell's standard output start at the column the
// previous cell's ended at, for a host whose cells are the forms of one
// program writing to one stream (a script).
func (in *Interp) CarryColumn(on bool) { in.carryColumn = on }
