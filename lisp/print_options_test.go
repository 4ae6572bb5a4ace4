package lisp_test

import (
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
)

// Every option write accepts as a keyword must be one SetPrintOption acts
// on, or write would accept it and ignore it.
func TestPrintOptionNamesAreKnown(t *testing.T) {
	for _, name := range lisp.PrintOptionNames {
		o := lisp.DefaultPrintOptions(true)
		if known, _ := o.SetPrintOption(name, lisp.Nil); !known {
			t.Errorf("write accepts :%s but SetPrintOption does not know it", name)
		}
	}
	o := lisp.DefaultPrintOptions(true)
	if known, _ := o.SetPrintOption("no-such-option", lisp.Nil); known {
		t.Error("SetPrintOption claims to know no-such-option")
	}
}

func TestWriteToStringOptions(t *testing.T) {
	o := lisp.DefaultPrintOptions(true)
	for name, v := range map[string]lisp.Value{"base": lisp.Fixnum(16), "radix": lisp.T} {
		if _, err := o.SetPrintOption(name, v); err != nil {
			t.Fatal(err)
		}
	}
	if got := lisp.WriteToString(lisp.Fixnum(255), o); got != "#xFF" {
		t.Errorf("255 under base 16 and radix = %s, want #xFF", got)
	}
}
