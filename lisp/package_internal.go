package lisp

// NODELISP-INTERNAL holds the symbols of nodelisp's own machinery that a
// program can meet in data: the operators the reader wraps backquote
// syntax in ((car '`(a ,b)) is NODELISP-INTERNAL:QUASIQUOTE). They are
// interned there, as SBCL's are in one of its internal packages, so that
// they print readably and read back as themselves, while a program's own
// symbol quasiquote stays another symbol. The package is shared by every
// image and locked: it holds these symbols and no others.
var PackageInternal = &Package{Name: "NODELISP-INTERNAL", kind: kindInternal,
	own: map[string]*Symbol{}, external: map[string]bool{},
	Doc: "symbols of nodelisp's own machinery that programs meet in data, such as the reader's backquote operators"}

// internalSymbol makes name an external symbol of NODELISP-INTERNAL.
func internalSymbol(name string) *Symbol {
	s := &Symbol{Name: name, Interned: true, Home: PackageInternal}
	PackageInternal.own[name] = s
	PackageInternal.external[name] = true
	return s
}
