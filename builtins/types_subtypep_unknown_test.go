package builtins

import "testing"

// subtypep of an eql or member type against a type typep cannot test
// (none of the standard classes is left untestable: pathnames and file
// streams are objects of their own) is unknown, never a certain no. It once
// answered nil t for (subtypep '(eql a) '(not package)), whose answer is
// t t, because typep's "unknown type" was taken for "not of the type"
// (ANSI types.7c and subtypep.or.4).
func TestSubtypepEqlUntestable(t *testing.T) {
	for src, want := range map[string]string{
		`(multiple-value-list (subtypep '(eql a) '(not package)))`:                                   "(t t)",
		`(multiple-value-list (subtypep '(eql 0) '(not readtable)))`:                                 "(t t)",
		`(multiple-value-list (subtypep '(member a 1) '(not restart)))`:                              "(t t)",
		`(multiple-value-list (subtypep '(eql a) '(not pathname)))`:                                  "(t t)",
		`(multiple-value-list (subtypep '(eql 0) '(not file-stream)))`:                               "(t t)",
		`(multiple-value-list (subtypep '(or (eql t) file-stream) '(or file-stream (eql t))))`:       "(t t)",
		`(list (typep (find-package "CL") 'package) (typep 'a 'package) (typep 'a 'two-way-stream))`: "(t nil nil)",
	} {
		got, _, err := libEval(t, src)
		if err != nil || got != want {
			t.Errorf("%s = %s, %v; want %s", src, got, err, want)
		}
	}
}
