package lisp

import "testing"

// userClasses is an image's table of define-condition classes, for tests.
type userClasses map[*Symbol][]*Symbol

func (u userClasses) UserClassParents(c *Symbol) ([]*Symbol, bool) {
	p, ok := u[c]
	return p, ok
}

// The standard classes, FORMAT-ERROR among them, are known to every
// image and marked so that define-condition refuses them.
func TestStandardConditionClasses(t *testing.T) {
	for _, c := range []*Symbol{ClassCondition, ClassSimpleError, ClassFormatError, ClassLimit} {
		if !IsStandardClass(c) || !IsConditionClass(c) {
			t.Errorf("%s: not a standard condition class", c)
		}
	}
	if !SubclassOf(ClassSimpleError, ClassError) || !SubclassOf(ClassFormatError, ClassError) || SubclassOf(ClassWarning, ClassError) {
		t.Error("the standard hierarchy is wrong")
	}
	if IsStandardClass(Intern("MY-ERROR")) || IsConditionClass(Intern("MY-ERROR")) {
		t.Error("an undefined name counts as a condition class")
	}
}

// An image's classes chain into the standard ones and stay the image's:
// without the table they are unknown, and a cycle among them ends.
func TestUserConditionClasses(t *testing.T) {
	mine, inner, loopA, loopB := Intern("MY-ERROR"), Intern("MY-INNER-ERROR"), Intern("LOOP-A"), Intern("LOOP-B")
	user := userClasses{mine: {ClassError}, inner: {mine}, loopA: {loopB}, loopB: {loopA}}
	if !IsConditionClassIn(user, inner) || !SubclassOfIn(user, inner, ClassSeriousCondition) {
		t.Error("a user class does not reach the standard classes through its parent")
	}
	if SubclassOf(inner, ClassError) || IsConditionClass(inner) {
		t.Error("a user class is seen without its image's table")
	}
	if SubclassOfIn(user, loopA, ClassError) {
		t.Error("a cycle of user classes reached ERROR")
	}
	c := &Condition{Class: inner, Classes: user}
	if !c.IsA(mine) || c.IsA(ClassWarning) {
		t.Error("Condition.IsA does not use the condition's classes")
	}
}
