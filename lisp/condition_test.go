package lisp

import (
	"strings"
	"testing"
)

func TestStandardConditionClassesCannotBeRedefined(t *testing.T) {
	defer func() {
		c, ok := recover().(*Condition)
		if !ok || !strings.Contains(c.Message, "cannot redefine the standard condition type simple-error") {
			t.Fatalf("recovered %v", c)
		}
		if !SubclassOf(ClassSimpleError, ClassError) {
			t.Errorf("simple-error is no longer an error")
		}
	}()
	DefineConditionClass(ClassSimpleError, []*Symbol{ClassWarning})
}

func TestUserConditionClassesConcurrently(t *testing.T) {
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			for i := 0; i < 200; i++ {
				DefineConditionClass(Intern("CONCURRENT-TEST-ERROR"), []*Symbol{ClassError})
				SubclassOf(Intern("CONCURRENT-TEST-ERROR"), ClassError)
			}
			done <- true
		}()
	}
	for g := 0; g < 4; g++ {
		<-done
	}
	if !SubclassOf(Intern("CONCURRENT-TEST-ERROR"), ClassSeriousCondition) {
		t.Errorf("the user class lost its parents")
	}
}
