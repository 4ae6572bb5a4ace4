package builtins

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// load, compile-file and ed. They reach files only through the functions
// open, probe-file and truename as the image defines them: a session's
// are confined to its working directory, and a bare image's signal a
// file-error, so load and compile-file inherit the one confinement rather
// than having their own. A stream given to load is read in any image.
//
// nodelisp has no compiler: compile-file reads the file and processes its
// top-level forms as a file compiler would (load_compile.go: eval-when's
// situations, in-package and defpackage evaluated now), writing what load
// should evaluate as source to the output file (docs/language.md, "Files").

var (
	symLoadPathname    = lisp.Sym("*load-pathname*")
	symLoadTruename    = lisp.Sym("*load-truename*")
	symLoadVerbose     = lisp.Sym("*load-verbose*")
	symLoadPrint       = lisp.Sym("*load-print*")
	symCompileVerbose  = lisp.Sym("*compile-verbose*")
	symCompilePathname = lisp.Sym("*compile-file-pathname*")
	symCompileTruename = lisp.Sym("*compile-file-truename*")
	symPackageVar      = lisp.Sym("*package*")
	symReadtableVar    = lisp.Sym("*readtable*")
	symErrorOutputVar  = lisp.Sym("*error-output*")
	sProbeFile         = lisp.Sym("probe-file")
	sTruename          = lisp.Sym("truename")
	sTranslateLogical  = lisp.Sym("translate-logical-pathname")
	kwDirection        = lisp.Sym(":direction")
	kwOutput           = lisp.Sym(":output")
	kwIfExists         = lisp.Sym(":if-exists")
	kwSupersede        = lisp.Sym(":supersede")
	sInPackage         = lisp.Sym("in-package")
	sDefpackage        = lisp.Sym("defpackage")
	sEvalWhen          = lisp.Sym("eval-when")
	kwCompileToplevel  = lisp.Sym(":compile-toplevel")
	sCompileToplevel   = lisp.Sym("compile")
)

// sourceTypes are the types load tries, in order, for a name given
// without one: the source first, then compile-file's output (which is
// source too), so an edited source is never shadowed by an older copy.
var sourceTypes = []string{"lisp", "fasl"}

func registerLoad() {
	defun("load", "(filespec &key verbose print if-does-not-exist external-format)",
		"Read and evaluate the forms of FILESPEC (a file in the working directory, or an input stream) in order, with *package* and *readtable* bound around them; return t, or nil when the file is missing and :if-does-not-exist is nil.",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			const op = "load"
			kw := parseKeys("load", a[1:], "verbose", "print", "if-does-not-exist", "external-format")
			verbose := keyOrVariable(t, kw, "verbose", symLoadVerbose)
			print := keyOrVariable(t, kw, "print", symLoadPrint)
			if isStream(a[0]) {
				var path, truename lisp.Value = lisp.Nil, lisp.Nil
				if in, ok := a[0].(*lisp.InputStream); ok && in.File != "" {
					path = lisp.ParseNamestring(in.File)
					truename = t.Call(sTruename, path)
				}
				return loadFrom(t, a[0], path, truename, verbose, print)
			}
			mustExist := true
			if v, ok := kw.get("if-does-not-exist"); ok {
				mustExist = lisp.Truthy(v)
			}
			path := mergedPath(t, op, a[0])
			truename, ok := findFile(t, path, sourceTypes)
			if !ok {
				if !mustExist {
					return lisp.Nil
				}
				lisp.Signal(&lisp.Condition{Class: lisp.ClassFileError, Name: path,
					Message: op + ": " + lisp.Prin1ToString(path) + " does not exist"})
			}
			stream := t.Call(sOpen, truename)
			defer closeInput(stream)
			return loadFrom(t, stream, path, truename, verbose, print)
		})
	defun("compile-file", "(input-file &key output-file verbose print external-format)",
		"Check that INPUT-FILE reads and write its text to the output file (compile-file-pathname's), which load accepts: nodelisp has no compiler. Return the output's truename, warnings-p and failure-p; a file that does not read writes nothing and returns nil, t, t.",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			const op = "compile-file"
			kw := parseKeys("compile-file", a[1:], "output-file", "verbose", "print", "external-format")
			verbose := keyOrVariable(t, kw, "verbose", symCompileVerbose)
			path := mergedPath(t, op, a[0])
			truename, ok := findFile(t, path, sourceTypes[:1])
			if !ok {
				// open names the missing file in its own file-error.
				truename = path
			}
			stream := t.Call(sOpen, truename)
			defer closeInput(stream)
			if verbose {
				t.Out().WriteString("; compiling file " + lisp.Prin1ToString(lisp.NewString(lisp.Prin1ToString(truename))) + "\n")
			}
			bound := []lisp.Value{t.CurrentPackage(), mustSymbolValue(t, symReadtableVar), path, truename}
			var text string
			readErr := t.Bind([]*lisp.Symbol{symPackageVar, symReadtableVar, symCompilePathname, symCompileTruename}, bound,
				func() lisp.Value {
					var complaint lisp.Value
					text, complaint = compileForms(t, stream)
					return complaint
				})
			if readErr != lisp.Value(lisp.Nil) {
				errOut := outDesignator(t, op, mustSymbolValue(t, symErrorOutputVar))
				errOut.WriteString("; compile-file: " + lisp.Prin1ToString(truename) + " does not read: " + readErr.(*lisp.String).S + "\n")
				return t.Values(lisp.Nil, lisp.T, lisp.T)
			}
			outArgs := []lisp.Value{path}
			if v, ok := kw.get("output-file"); ok {
				outArgs = append(outArgs, lisp.Sym(":output-file"), v)
			}
			out := t.Apply(lisp.Sym("compile-file-pathname"), outArgs)
			w := t.Call(sOpen, out, kwDirection, kwOutput, kwIfExists, kwSupersede)
			outDesignator(t, op, w).WriteString(text)
			t.Call(sClose, w)
			written := t.Call(sTruename, out)
			if verbose {
				t.Out().WriteString("; wrote " + lisp.Prin1ToString(written) + "\n")
			}
			return t.Values(written, lisp.Nil, lisp.Nil)
		})
	defun("ed", "(&optional x)",
		"Signal an error: nodelisp has no editor to start (edit files with write-file and edit-file).",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			lisp.Errorf("ed: nodelisp has no editor; change a file with write-file or edit-file, a function with defun")
			return nil
		})
}

// keyOrVariable is a boolean keyword argument, or when it is absent the
// value of the variable that gives its default.
func keyOrVariable(t *eval.Thread, kw kwargs, name string, variable *lisp.Symbol) bool {
	if v, ok := kw.get(name); ok {
		return lisp.Truthy(v)
	}
	return lisp.Truthy(mustSymbolValue(t, variable))
}

func mustSymbolValue(t *eval.Thread, sym *lisp.Symbol) lisp.Value {
	if v, ok := t.SymbolValue(sym); ok {
		return v
	}
	return lisp.Nil
}

// mergedPath is a file designator merged with *default-pathname-defaults*,
// a logical pathname translated to the file it names.
func mergedPath(t *eval.Thread, op string, v lisp.Value) *lisp.Pathname {
	p := lisp.MergePathnames(pathnameArg(t, op, v), defaultPathname(t), kwNewest)
	if p.Logical {
		if tp, ok := t.Call(sTranslateLogical, p).(*lisp.Pathname); ok {
			return tp
		}
	}
	return p
}

// findFile is the truename of the file path names, trying each of types
// in turn when path has none.
func findFile(t *eval.Thread, path *lisp.Pathname, types []string) (lisp.Value, bool) {
	if tn := t.Call(sProbeFile, path); tn != lisp.Value(lisp.Nil) {
		return tn, true
	}
	if path.Type != lisp.Value(lisp.Nil) && path.Type != nil {
		return nil, false
	}
	for _, typ := range types {
		typed := *path
		typed.Type = lisp.NewString(typ)
		if tn := t.Call(sProbeFile, lisp.InternPathname(&typed)); tn != lisp.Value(lisp.Nil) {
			return tn, true
		}
	}
	return nil, false
}

func closeInput(stream lisp.Value) {
	if in, ok := stream.(*lisp.InputStream); ok {
		in.Closed = true
	}
}

// loadFrom evaluates the forms of stream in order under load's bindings.
func loadFrom(t *eval.Thread, stream, path, truename lisp.Value, verbose, print bool) lisp.Value {
	if verbose {
		shown := truename
		if shown == lisp.Value(lisp.Nil) {
			shown = stream
		}
		t.Out().WriteString("; loading " + printToString(t, shown, true) + "\n")
	}
	bound := []lisp.Value{t.CurrentPackage(), mustSymbolValue(t, symReadtableVar), path, truename}
	return t.Bind([]*lisp.Symbol{symPackageVar, symReadtableVar, symLoadPathname, symLoadTruename}, bound, func() lisp.Value {
		eof := &lisp.Cons{Car: lisp.Nil, Cdr: lisp.Nil} // a value no form reads as
		for {
			form := readForm(t, "load", []lisp.Value{stream, lisp.Nil, eof}, false)
			if form == lisp.Value(eof) {
				return lisp.T
			}
			vals := t.TakeValues(t.Eval(form))
			if print {
				shown := make([]string, len(vals))
				for i, v := range vals {
					shown[i] = printToString(t, v, true)
				}
				t.Out().WriteString("; " + strings.Join(shown, ", ") + "\n")
			}
		}
	})
}

// compileForms reads every form of stream and processes it as a file
// compiler does (fileCompiler), returning the output's text, or the
// reader's complaint as a string.
func compileForms(t *eval.Thread, stream lisp.Value) (output string, complaint lisp.Value) {
	defer func() {
		if r := recover(); r != nil {
			c, ok := r.(*lisp.Condition)
			if !ok || (c.Class != lisp.ClassReaderError && c.Class != lisp.ClassEndOfFile) {
				panic(r)
			}
			complaint = lisp.NewString(strings.TrimPrefix(c.Message, "compile-file: "))
		}
	}()
	// The file's own text is kept for the forms kept whole; a stream
	// that is no file's (there is none here) has every form printed.
	in, _ := stream.(*lisp.InputStream)
	c := &fileCompiler{t: t}
	eof := &lisp.Cons{Car: lisp.Nil, Cdr: lisp.Nil}
	for {
		start := 0
		if in != nil {
			start = in.Pos
		}
		form := readForm(t, "compile-file", []lisp.Value{stream, lisp.Nil, eof}, false)
		if form == lisp.Value(eof) {
			return strings.Join(c.out, "\n") + "\n", lisp.Nil
		}
		text := ""
		if in != nil {
			text = in.S[start:in.Pos]
		}
		c.topLevel(form, text, false)
	}
}
