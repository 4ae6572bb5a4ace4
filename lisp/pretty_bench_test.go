package lisp

import "testing"

// BenchmarkPrettyPrint prints a list of 1,000 three-element lists under
// *print-pretty*, the layout breaking it into lines of 80 columns.
func BenchmarkPrettyPrint(b *testing.B) {
	items := make([]Value, 1000)
	for i := range items {
		items[i] = List(Intern("POINT"), Fixnum(i), Fixnum(i*i))
	}
	v := List(items...)
	o := DefaultPrintOptions(true)
	o.Pretty = true
	b.ReportAllocs()
	for b.Loop() {
		WriteToString(v, o)
	}
}

// BenchmarkPrettyPrintFlat is the same list printed without the pretty
// printer, for comparison.
func BenchmarkPrettyPrintFlat(b *testing.B) {
	items := make([]Value, 1000)
	for i := range items {
		items[i] = List(Intern("POINT"), Fixnum(i), Fixnum(i*i))
	}
	v := List(items...)
	o := DefaultPrintOptions(true)
	b.ReportAllocs()
	for b.Loop() {
		WriteToString(v, o)
	}
}
