package lisp

import (
	"strings"
	"sync"
)

// How SBCL's standard pprint dispatch table lays out a list, by its car:
// the standard operators with layouts of their own (let, defun, if,
// cond as a function call, …), a call of a function, a macro with &body
// (its arguments before the body apart, the body on lines of its own),
// and any other list as data with fill newlines. Each layout here gives
// the same text, spaces, newlines and indentation as SBCL 2.2.9's; the
// golden files testdata/cl/print-pretty-*.lisp compare them.

// formLayouts are the operators whose forms have a layout of their own.
var formLayouts map[string]func(*ppList)

func init() {
	formLayouts = map[string]func(*ppList){}
	add := func(layout func(*ppList), names ...string) {
		for _, n := range names {
			formLayouts[n] = layout
		}
	}
	add(ppLambda, "LAMBDA")
	add(fill, "QUOTE", "FUNCTION") // when not abbreviated: (quote a b)
	add(ppDeclare, "DECLARE", "DECLAIM")
	add(ppBlockForm, "BLOCK", "CATCH", "RETURN-FROM", "THROW", "EVAL-WHEN", "MULTIPLE-VALUE-CALL",
		"MULTIPLE-VALUE-PROG1", "UNWIND-PROTECT", "DEFCONSTANT", "DEFPARAMETER", "DEFSTRUCT", "DEFVAR",
		"MULTIPLE-VALUE-SETQ", "PROG1", "PPRINT-LOGICAL-BLOCK", "PRINT-UNREADABLE-OBJECT", "UNLESS", "WHEN",
		"WITH-COMPILATION-UNIT", "WITH-SIMPLE-RESTART", "WITH-HASH-TABLE-ITERATOR", "WITH-PACKAGE-ITERATOR",
		"WITH-INPUT-FROM-STRING", "WITH-OUTPUT-TO-STRING", "WITH-OPEN-FILE", "WITH-OPEN-STREAM")
	add(ppFlet, "FLET", "LABELS", "MACROLET")
	add(ppIf, "IF")
	add(ppLet, "LET", "LET*", "SYMBOL-MACROLET")
	add(linear, "LOCALLY", "PROGN", "STEP", "TIME", "WITH-STANDARD-IO-SYNTAX")
	add(ppProgv, "PROGV")
	add(ppSetq, "SETQ", "PSETQ", "SETF", "PSETF")
	add(ppTagbody, "TAGBODY")
	add(ppCase, "CASE", "CCASE", "ECASE")
	add(ppTypecase, "CTYPECASE", "ETYPECASE", "TYPECASE")
	add(ppDefun, "DEFINE-MODIFY-MACRO", "DEFINE-SETF-EXPANDER", "DEFMACRO", "DEFSETF", "DEFTYPE", "DEFUN")
	add(ppDefmethod, "DEFMETHOD")
	add(ppDestructuringBind, "DESTRUCTURING-BIND")
	add(ppDo, "DO", "DO*")
	add(ppDolist, "DO-ALL-SYMBOLS", "DO-EXTERNAL-SYMBOLS", "DO-SYMBOLS", "DOLIST", "DOTIMES")
	add(ppLoop, "LOOP")
	add(ppProg2, "MULTIPLE-VALUE-BIND", "PROG2")
	add(ppProg, "PROG", "PROG*")
}

// clMacroBodyAt is where &body starts in SBCL's lambda lists of the
// standard macros that have one and no layout of their own; every other
// standard macro prints as a function call.
var clMacroBodyAt = map[string]int{
	"DEFGENERIC": 2, "DEFINE-COMPILER-MACRO": 2, "DEFINE-CONDITION": 3, "DEFINE-METHOD-COMBINATION": 1,
	"HANDLER-BIND": 1, "RESTART-BIND": 1, "RESTART-CASE": 1, "WITH-ACCESSORS": 2,
	"WITH-CONDITION-RESTARTS": 2, "WITH-SLOTS": 2,
}

// unsupportedLayouts are standard operators with a layout of SBCL's that
// nodelisp does not reproduce.
var unsupportedLayouts = map[string]bool{"DEFPACKAGE": true}

// prettyCons prints a list through the layout its car calls for.
func (p *printer) prettyCons(c *Cons, depth int) {
	layout := fill
	if s, ok := c.Car.(*Symbol); ok {
		layout = p.layoutFor(s)
	}
	p.listBlock(c, depth, "(", ")", layout)
}

func (p *printer) layoutFor(s *Symbol) func(*ppList) {
	if isInterned(s) && !s.Keyword {
		if f, ok := formLayouts[s.Name]; ok {
			return f
		}
		if n, ok := clMacroBodyAt[s.Name]; ok {
			return func(l *ppList) { macroCall(l, n) }
		}
		if clCallForms()[s.Name] {
			return funCall
		}
		if unsupportedLayouts[s.Name] {
			p.unsure = "a (" + strings.ToLower(s.Name) + " …) form, whose layout nodelisp does not implement"
			return fill
		}
	}
	// A name of the program's: what the image says it is.
	if p.o.Operators == nil {
		p.unsure = "a form whose operator no image was asked about"
		return fill
	}
	op := p.o.Operators(s)
	switch {
	case !op.Fbound:
		return fill
	case op.Macro && op.BodyAt >= 0:
		return func(l *ppList) { macroCall(l, op.BodyAt) }
	}
	return funCall
}

// lazyNamesSet is namesSet made on first use: building clCallForms' 886
// names at package initialisation was 80 KB and a fifth of a millisecond
// of every process's start, for the pretty printer only.
func lazyNamesSet(names string) func() map[string]bool {
	return sync.OnceValue(func() map[string]bool { return namesSet(names) })
}

// namesSet is the set of the space-separated names, made at its final
// size (growing it by doubling made three times the garbage).
func namesSet(names string) map[string]bool {
	set := make(map[string]bool, strings.Count(names, " ")+1)
	for n := range strings.FieldsSeq(names) {
		set[n] = true
	}
	return set
}

// funCall: the operator, then the arguments aligned under the first with
// fill newlines between.
func funCall(l *ppList) { call(l, ppFill) }

// spreadCall puts each argument on a line of its own.
func spreadCall(l *ppList) { call(l, ppMandatory) }

func call(l *ppList, between ppKind) {
	if !l.more() {
		return
	}
	l.obj()
	if !l.gap(ppFill) {
		return
	}
	l.indent(ppIndentCurrent, 0)
	for {
		l.obj()
		if !l.gap(between) {
			return
		}
	}
}

// macroCall: the first argument beside the macro name, the other ones
// before the body on lines of their own indented 3, the body indented 1.
func macroCall(l *ppList, bodyAt int) {
	l.obj()
	if !l.more() {
		return
	}
	l.text(" ")
	for i := range bodyAt {
		if i > 0 {
			l.indent(ppIndentBlock, 3)
			l.newline(ppMandatory)
		}
		l.obj()
		if !l.more() {
			return
		}
	}
	l.indent(ppIndentBlock, 1)
	l.newline(ppMandatory)
	for {
		l.obj()
		if !l.more() {
			return
		}
		l.newline(ppMandatory)
	}
}

// head prints the operator and reports whether arguments follow.
func head(l *ppList) bool {
	if !l.more() {
		return false
	}
	l.obj()
	return l.more()
}

// restLinear prints the remaining elements, each after a space and a
// linear newline.
func restLinear(l *ppList) {
	for l.more() {
		l.text(" ")
		l.newline(ppLinear)
		l.obj()
	}
}

// ppBlockForm: (block name body…) and the forms shaped like it.
func ppBlockForm(l *ppList) {
	if !head(l) {
		return
	}
	l.indent(ppIndentBlock, 3)
	l.text(" ")
	l.newline(ppFill)
	l.obj()
	l.indent(ppIndentBlock, 1)
	restLinear(l)
}

func ppLambda(l *ppList) {
	if !head(l) {
		return
	}
	l.indent(ppIndentBlock, 3)
	l.text(" ")
	l.newline(ppFill)
	l.lambdaList()
	l.indent(ppIndentBlock, 1)
	restLinear(l)
}

func ppDefun(l *ppList) {
	if !head(l) {
		return
	}
	l.text(" ")
	l.newline(ppMiser)
	l.indent(ppIndentCurrent, 0)
	l.obj()
	if !l.gap(ppFill) {
		return
	}
	l.lambdaList()
	l.indent(ppIndentBlock, 1)
	restLinear(l)
}

func ppDefmethod(l *ppList) {
	if c, ok := l.rest.(*Cons); ok {
		if c2, ok := c.Cdr.(*Cons); ok {
			if c3, ok := c2.Cdr.(*Cons); ok {
				if _, isList := c3.Car.(*Cons); isList {
					ppDefun(l)
					return
				}
			}
		}
	}
	// A qualifier before the lambda list.
	if !head(l) {
		return
	}
	l.text(" ")
	l.newline(ppMiser)
	l.indent(ppIndentCurrent, 0)
	l.obj()
	if !l.more() {
		return
	}
	l.text(" ")
	l.obj()
	if !l.gap(ppFill) {
		return
	}
	l.lambdaList()
	l.indent(ppIndentBlock, 1)
	restLinear(l)
}

func ppDestructuringBind(l *ppList) {
	if !head(l) {
		return
	}
	l.indent(ppIndentBlock, 3)
	l.text(" ")
	l.newline(ppLinear)
	l.lambdaList()
	if !l.gap(ppLinear) {
		return
	}
	l.obj()
	if !l.more() {
		return
	}
	l.indent(ppIndentBlock, 1)
	restLinear(l)
}

func ppIf(l *ppList) {
	if !head(l) {
		return
	}
	l.text(" ")
	l.indent(ppIndentCurrent, 0)
	l.obj()
	if !l.gap(ppMandatory) {
		return
	}
	for {
		l.obj()
		if !l.gap(ppMandatory) {
			return
		}
	}
}

// ppLet: the bindings beside the operator, one a line if they do not fit,
// and the body on lines of its own.
func ppLet(l *ppList) {
	if !head(l) {
		return
	}
	l.text(" ")
	l.newline(ppMiser)
	l.sub("(", ")", func(b *ppList) {
		for b.more() {
			b.sub("(", ")", func(v *ppList) {
				if !v.more() {
					return
				}
				v.obj()
				restLinear(v)
			})
			if !b.more() {
				return
			}
			b.text(" ")
			b.newline(ppLinear)
		}
	})
	l.indent(ppIndentBlock, 1)
	if !l.more() {
		return
	}
	l.newline(ppMandatory)
	for {
		l.obj()
		if !l.gap(ppLinear) {
			return
		}
	}
}

func ppFlet(l *ppList) {
	// (flet name :in other) names a function; only a real flet form gets
	// the layout.
	c, _ := l.rest.(*Cons)
	c2, _ := c.Cdr.(*Cons)
	if c2 == nil || c2.Cdr == Value(Nil) {
		flatNames(l)
		return
	}
	if c3, ok := c2.Cdr.(*Cons); !ok || c3.Car == Value(InternKeyword("IN")) {
		flatNames(l)
		return
	}
	if !head(l) {
		return
	}
	l.text(" ")
	l.newline(ppMiser)
	l.sub("(", ")", func(b *ppList) {
		for b.more() {
			b.sub("(", ")", func(d *ppList) {
				if !head(d) {
					return
				}
				d.indent(ppIndentBlock, 3)
				d.text(" ")
				d.newline(ppFill)
				d.lambdaList()
				d.indent(ppIndentBlock, 1)
				d.newline(ppMandatory)
				for d.more() {
					d.obj()
					if !d.more() {
						break
					}
					d.text(" ")
					d.newline(ppLinear)
				}
			})
			if !b.more() {
				return
			}
			b.text(" ")
			b.newline(ppLinear)
		}
	})
	l.indent(ppIndentBlock, 1)
	l.newline(ppMandatory)
	for l.more() {
		l.obj()
		if !l.gap(ppLinear) {
			return
		}
	}
}

// flatNames prints a list with spaces and no newlines.
func flatNames(l *ppList) {
	if !l.more() {
		return
	}
	l.obj()
	for l.more() {
		l.text(" ")
		l.obj()
	}
}

func ppProgv(l *ppList) {
	if !head(l) {
		return
	}
	l.indent(ppIndentBlock, 3)
	l.text(" ")
	l.newline(ppLinear)
	l.obj()
	if !l.gap(ppLinear) {
		return
	}
	l.obj()
	if !l.more() {
		return
	}
	l.indent(ppIndentBlock, 1)
	restLinear(l)
}

func ppProg2(l *ppList) {
	if !head(l) {
		return
	}
	l.indent(ppIndentBlock, 3)
	l.text(" ")
	l.newline(ppFill)
	l.obj()
	if !l.gap(ppLinear) {
		return
	}
	l.obj()
	if !l.more() {
		return
	}
	l.indent(ppIndentBlock, 1)
	restLinear(l)
}

// ppSetq: each place and value on a line if they fit, the value indented
// under its place otherwise.
func ppSetq(l *ppList) {
	if !head(l) {
		return
	}
	l.text(" ")
	if !IsList(l.rest) {
		l.text(". ")
	}
	l.newline(ppMiser)
	// The pairs are a block of their own, with no prefix or suffix, over
	// the rest of the form.
	pairs := l.rest
	l.ended = true
	l.p.listBlock(pairs, l.depth+1, "", "", func(l *ppList) {
		for {
			l.indent(ppIndentBlock, 2)
			l.obj()
			if !l.gap(ppFill) {
				return
			}
			l.indent(ppIndentBlock, 0)
			l.obj()
			if !l.gap(ppMandatory) {
				return
			}
		}
	})
}

// tagbodyRest prints the statements of a tagbody, tags at the block's
// indentation and forms one further in.
func tagbodyRest(l *ppList) {
	for l.more() {
		l.text(" ")
		next, ok := l.pop()
		if !ok {
			return
		}
		n := 1
		if _, ok := next.(*Cons); !ok {
			n = 0
		}
		l.indent(ppIndentBlock, n)
		l.newline(ppLinear)
		l.p.print(next, l.depth+1)
	}
}

func ppTagbody(l *ppList) {
	if !l.more() {
		return
	}
	l.obj()
	tagbodyRest(l)
}

func ppProg(l *ppList) {
	if !head(l) {
		return
	}
	l.text(" ")
	l.newline(ppMiser)
	l.sub("(", ")", fill)
	tagbodyRest(l)
}

func ppDolist(l *ppList) {
	if !head(l) {
		return
	}
	l.indent(ppIndentBlock, 3)
	l.text(" ")
	l.newline(ppFill)
	l.sub("(", ")", func(v *ppList) {
		if !head(v) {
			return
		}
		v.text(" ")
		v.newline(ppFill)
		v.indent(ppIndentCurrent, 0)
		v.obj()
		restLinear(v)
	})
	tagbodyRest(l)
}

func ppDo(l *ppList) {
	if !head(l) {
		return
	}
	l.text(" ")
	l.indent(ppIndentCurrent, 0)
	l.sub("(", ")", func(vars *ppList) {
		for vars.more() {
			vars.sub("(", ")", func(v *ppList) {
				if !head(v) {
					return
				}
				v.text(" ")
				v.newline(ppMiser)
				v.indent(ppIndentCurrent, 0)
				v.obj()
				restLinear(v)
			})
			if !vars.more() {
				return
			}
			vars.newline(ppMandatory)
		}
	})
	if !l.gap(ppLinear) {
		return
	}
	l.sub("(", ")", linear)
	tagbodyRest(l)
}

func ppCase(l *ppList) { caseForm(l, true) }

func ppTypecase(l *ppList) { caseForm(l, false) }

// caseForm: the key form beside the operator, each clause on a line; a
// case clause's keys print as data (a list of keys with fill newlines).
func caseForm(l *ppList, keysAsData bool) {
	if !head(l) {
		return
	}
	l.text(" ")
	l.indent(ppIndentBlock, 3)
	l.newline(ppFill)
	l.obj()
	l.indent(ppIndentBlock, 1)
	for l.more() {
		l.text(" ")
		l.newline(ppLinear)
		l.sub("(", ")", func(c *ppList) {
			if !c.more() {
				return
			}
			if keysAsData {
				c.sub("(", ")", fill)
			} else {
				c.obj()
			}
			if !c.more() {
				return
			}
			restLinear(c)
		})
	}
}

func ppDeclare(l *ppList) {
	saved := l.p.noQuoteSugar
	l.p.noQuoteSugar = true
	spreadCall(l)
	l.p.noQuoteSugar = saved
}

// ppLoop: an extended loop puts each clause keyword on a new line; a
// simple loop spreads its forms one a line.
func ppLoop(l *ppList) {
	c := l.rest.(*Cons)
	clauses, _ := c.Cdr.(*Cons)
	if clauses == nil {
		spreadCall(l)
		return
	}
	if _, compound := clauses.Car.(*Cons); compound {
		spreadCall(l)
		return
	}
	l.obj()
	if !l.more() {
		return
	}
	l.text(" ")
	l.indent(ppIndentCurrent, 0)
	l.obj()
	if !l.more() {
		return
	}
	l.text(" ")
	for {
		next, ok := l.pop()
		if !ok {
			return
		}
		if s, ok := next.(*Symbol); ok && loopClauseWords[s.Name] {
			l.newline(ppMandatory)
		}
		l.p.print(next, l.depth+1)
		if !l.more() {
			return
		}
		l.text(" ")
	}
}

// loopClauseWords are the loop keywords SBCL starts a new line at.
var loopClauseWords = map[string]bool{
	"AND": true, "WITH": true, "FOR": true, "INITIALLY": true, "FINALLY": true, "DO": true, "DOING": true,
	"COLLECT": true, "COLLECTING": true, "APPEND": true, "APPENDING": true, "NCONC": true, "NCONCING": true,
	"COUNT": true, "COUNTING": true, "SUM": true, "SUMMING": true, "MAXIMIZE": true, "MAXIMIZING": true,
	"MINIMIZE": true, "MINIMIZING": true, "IF": true, "WHEN": true, "UNLESS": true, "END": true,
	"WHILE": true, "UNTIL": true, "REPEAT": true, "ALWAYS": true, "NEVER": true, "THEREIS": true,
}

// lambdaList prints the next element as a lambda list: linear newlines
// before lambda-list keywords, fill newlines between parameters.
func (l *ppList) lambdaList() {
	l.sub("(", ")", func(ll *ppList) {
		state := "required"
		first := true
		for ll.more() {
			if !first {
				ll.text(" ")
			}
			first = false
			next, ok := ll.pop()
			if !ok {
				return
			}
			switch keywordName(next) {
			case "&OPTIONAL", "&AUX":
				state = "optional"
				ll.newline(ppLinear)
			case "&REST", "&BODY":
				state = "required"
				ll.newline(ppLinear)
			case "&KEY":
				state = "key"
				ll.newline(ppLinear)
			default:
				ll.newline(ppFill)
			}
			switch state {
			case "required":
				ll.p.listBlock(next, ll.depth+1, "(", ")", linear)
			case "optional", "key":
				key := state == "key"
				ll.p.listBlock(next, ll.depth+1, "(", ")", func(param *ppList) {
					if !param.more() {
						return
					}
					if key {
						param.sub("(", ")", func(name *ppList) {
							if !name.more() {
								return
							}
							name.obj()
							for name.more() {
								name.text(" ")
								name.newline(ppFill)
								name.obj()
							}
						})
					} else {
						param.obj()
					}
					restLinear(param)
				})
			}
		}
	})
}

func keywordName(v Value) string {
	if s, ok := v.(*Symbol); ok && isInterned(s) {
		return s.Name
	}
	return ""
}
