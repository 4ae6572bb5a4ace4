package builtins

// The standard's environment functions (CLHS 25.2) and modules: what the
// image is and runs on, room, inspect, disassemble, dribble, the
// debugger's entry points (break, invoke-debugger), the questions
// y-or-n-p and yes-or-no-p, provide and require. A cell has no terminal,
// no debugger and no machine code, so each says here what it does
// instead; docs/language.md lists them among the differences.

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

var symModules = lisp.Intern("*MODULES*")

func registerEnvironment() {
	fact := func(name, doc string, value lisp.Value) {
		defun(name, "()", doc, func(t *eval.Thread, args []lisp.Value) lisp.Value {
			if s, ok := value.(*lisp.String); ok {
				return lisp.NewString(s.S) // a fresh string, as the program may change it
			}
			return value
		})
	}
	fact("lisp-implementation-type", "The implementation's name, \"nodelisp\".", lisp.NewString("nodelisp"))
	fact("lisp-implementation-version", "The version the build recorded, or nil when it recorded none.", implementationVersion())
	fact("machine-type", "The processor's architecture, named as SBCL names it (\"X86-64\").", lisp.NewString(machineType(runtime.GOARCH)))
	fact("machine-version", "nil: nodelisp does not ask the processor for its model.", lisp.Nil)
	fact("machine-instance", "nil: the host's name is kept out of a session's log.", lisp.Nil)
	fact("software-type", "The operating system, named as SBCL names it (\"Linux\").", lisp.NewString(softwareType(runtime.GOOS)))
	fact("software-version", "nil: nodelisp does not ask the kernel for its version.", lisp.Nil)
	fact("short-site-name", "nil: nodelisp knows no site.", lisp.Nil)
	fact("long-site-name", "nil: nodelisp knows no site.", lisp.Nil)

	defun("room", "(&optional x)", "Print how much memory the image uses and the cap a cell runs under; return no values.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if len(args) == 1 && args[0] != lisp.Value(lisp.Nil) && args[0] != lisp.Value(lisp.T) && args[0] != lisp.Value(lisp.InternKeyword("DEFAULT")) {
			lisp.TypeError("room", args[0], "one of nil, t and :default")
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		out := t.Out()
		out.FreshLine()
		out.WriteString(fmt.Sprintf("Dynamic space usage is: %d bytes (the host's Go heap).\nA cell's memory is capped at %d bytes.\n", m.HeapAlloc, t.Interp().Limits().MaxMemory))
		return t.Values()
	})
	defun("inspect", "(object)", "Describe object, as describe does: a cell has no terminal to browse it from. Return no values.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		out := t.Out()
		out.FreshLine()
		out.WriteString(docsDescribe(t, args[0]))
		return t.Values()
	})
	defun("disassemble", "(function)", "Describe the function (a name, a function or a lambda expression): nodelisp runs a tree of closures, not machine code, so there is no code to show. Return nil.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		fn := args[0]
		if _, ok := fn.(lisp.Function); !ok {
			// (function name) signals undefined-function as a call would.
			fn = t.Eval(lisp.List(sFunction, fn))
		}
		out := t.Out()
		out.FreshLine()
		out.WriteString("; nodelisp interprets " + lisp.Prin1ToString(fn) + " and makes no machine code to disassemble.\n")
		out.WriteString(docsDescribe(t, fn))
		return lisp.Nil
	})
	defun("dribble", "(&optional pathname)", "An error: a session's log already records every cell and its output, and nodelisp writes no other transcript; with no argument, the error SBCL gives when not dribbling.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if len(args) == 1 {
			lisp.Errorf("dribble: nodelisp writes no transcript file (%s); a session's log already records every cell and what it printed", lisp.Prin1ToString(args[0]))
		}
		lisp.Errorf("dribble: not currently dribbling (nodelisp never does: a session's log records every cell)")
		return nil
	})
	defun("break", "(&optional format-control &rest format-arguments)", "End the cell with the message, as an unhandled error does: a cell has no debugger to enter, and as the standard says no handler sees it.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		message := "break"
		if len(args) > 0 {
			message = formatToString(t, args[0], args[1:])
		}
		enterDebugger("break: " + message)
		return nil
	})
	defun("invoke-debugger", "(condition)", "Call *debugger-hook* when it is set (with it set to nil), then end the cell with the condition, as an unhandled error does: a cell has no debugger to enter.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		c, ok := args[0].(*lisp.Condition)
		if !ok {
			lisp.TypeError("invoke-debugger", args[0], "a condition")
		}
		if hook, _ := t.Interp().Global("*DEBUGGER-HOOK*"); hook != nil && hook != lisp.Value(lisp.Nil) {
			t.Interp().SetGlobal("*DEBUGGER-HOOK*", lisp.Nil)
			func() {
				defer t.Interp().SetGlobal("*DEBUGGER-HOOK*", hook)
				t.Call(hook, c, hook)
			}()
		}
		enterDebugger(fmt.Sprintf("invoke-debugger: %s: %s", strings.ToLower(c.TypeName()), lisp.PrincToString(c)))
		return nil
	})
	ask := func(name, answers string) {
		defun(name, "(&optional format-control &rest format-arguments)", "An error naming the question: a cell has no one to answer it, and answering for them could do what they would refuse.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
			question := ""
			if len(args) > 0 && args[0] != lisp.Value(lisp.Nil) {
				question = formatToString(t, args[0], args[1:]) + " "
			}
			lisp.Errorf("%s: a cell has no input to answer %q from", name, question+answers)
			return nil
		})
	}
	ask("y-or-n-p", "(y or n)")
	ask("yes-or-no-p", "(yes or no)")

	defun("provide", "(module-name)", "Add the module's name to *modules*, unless it is there already; return t.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		var name lisp.Value
		unpack.Args("provide", args, "module-name", &name)
		s := stringDesignator("provide", name)
		modules, _ := t.Interp().Global(symModules.Name)
		if !moduleProvided(modules, s) {
			t.Interp().SetGlobal(symModules.Name, &lisp.Cons{Car: lisp.NewString(s), Cdr: modules})
		}
		return lisp.T
	})
	defun("require", "(module-name &optional pathname-list)", "Return nil when *modules* has the module; otherwise load the files of PATHNAME-LIST (a pathname designator or a list of them) in order and return t; with none, an error, as nodelisp has no modules of its own to find.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		s := stringDesignator("require", args[0])
		modules, _ := t.Interp().Global(symModules.Name)
		if moduleProvided(modules, s) {
			return lisp.Nil
		}
		if len(args) < 2 || args[1] == lisp.Value(lisp.Nil) {
			lisp.Errorf("require: the module %q was never provided, and nodelisp has no modules of its own (give the files to load as the second argument)", s)
		}
		files := []lisp.Value{args[1]}
		if _, ok := args[1].(*lisp.Cons); ok {
			files = lisp.ListToSlice("require", args[1])
		}
		for _, f := range files {
			t.Call(lisp.Sym("load"), f)
		}
		return lisp.T
	})
}

// moduleProvided reports whether the list modules has the name (compared
// as string= does).
func moduleProvided(modules lisp.Value, name string) bool {
	for m := modules; ; {
		c, ok := m.(*lisp.Cons)
		if !ok {
			return false
		}
		if s, ok := c.Car.(*lisp.String); ok && s.S == name {
			return true
		}
		m = c.Cdr
	}
}

// enterDebugger ends the cell where the standard enters the debugger. Its
// condition is a kind of evaluation-limit, which no handler for error or
// condition takes, as break's condition is seen by no handler.
func enterDebugger(message string) {
	lisp.SignalClass(lisp.ClassDebuggerInvoked, "%s (a cell has no debugger: it ends here)", message)
}

// formatToString is (format nil control args…).
func formatToString(t *eval.Thread, control lisp.Value, args []lisp.Value) string {
	v := t.Apply(lisp.Sym("format"), append([]lisp.Value{lisp.Nil, control}, args...))
	if s, ok := v.(*lisp.String); ok {
		return s.S
	}
	return lisp.PrincToString(v)
}

// implementationVersion is the main module's version as the build
// recorded it, or nil for a development build.
func implementationVersion() lisp.Value {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return lisp.NewString(info.Main.Version)
	}
	return lisp.Nil
}

// machineType names Go's architecture as SBCL names the machine.
func machineType(goarch string) string {
	switch goarch {
	case "amd64":
		return "X86-64"
	case "386":
		return "X86"
	}
	return strings.ToUpper(goarch)
}

// softwareType names Go's operating system as SBCL does.
func softwareType(goos string) string {
	switch goos {
	case "linux":
		return "Linux"
	case "darwin":
		return "Darwin"
	case "windows":
		return "Win32"
	case "freebsd":
		return "FreeBSD"
	}
	return goos
}
