package lisp

// Restart is one restart point, as restart-case, restart-bind and the
// standard operators that offer restarts (warn's muffle-warning, cerror's
// continue) establish it. Invoking it either calls Function where the
// restart is invoked (restart-bind) or, when Exit is set, unwinds to the
// form that made it and calls Function there (restart-case).
type Restart struct {
	Name        *Symbol // nil for an anonymous restart
	Function    Value   // a function of the restart's arguments
	Report      Value   // nil, a string, or a function of a stream
	Interactive Value   // nil or a function of no arguments returning the argument list
	Test        Value   // nil or a function of a condition: is the restart visible
	// Exit is the unwinding target, unique to one dynamic entry of the
	// form that made the restart; nil for restart-bind's restarts.
	Exit any
	// Conditions are the conditions the restart is associated with
	// (with-condition-restarts, and restart-case around a signalling
	// form): given another condition, find-restart and compute-restarts
	// pass over it. Empty for a restart that applies to every condition.
	Conditions []*Condition
}
