package event

// State is one record of the image's global state: the changes a cell made
// over the state of record Base, or, when Full, the whole state. Values
// are state text (package imagestate).
type State struct {
	// Base is the record this one continues; 0 is a fresh image.
	Base int64 `json:"base"`
	// Full records hold every recorded variable, definition and the
	// watch list; their Base is 0.
	Full bool `json:"full,omitempty"`
	// Depth counts the records from the last full one (or a fresh image).
	Depth int `json:"depth"`
	// Replayed marks the full record a session from before state records
	// got once its definitions were replayed: turns older than it are
	// still rebuilt by replay.
	Replayed bool  `json:"replayed,omitempty"`
	Vars     []Var `json:"vars,omitempty"`
	// Groups are the values of globals that share structure, written
	// together.
	Groups []Group `json:"groups,omitempty"`
	Defs   []Def   `json:"defs,omitempty"`
	// Watch is the whole watch list when the record changed it.
	Watch *[]string `json:"watch,omitempty"`
}

// Var is one global variable's value after the cell.
type Var struct {
	// Name is the symbol's name exactly as the image holds it.
	Name string `json:"name"`
	// Value is the value's state text.
	Value string `json:"value,omitempty"`
	// Forms, for a value with no state text (a closure, a stream), are the
	// top-level forms of the cell that assigned it which name it, as
	// state text: a restore evaluates them again.
	Forms []string `json:"forms,omitempty"`
	// Why says why Value is missing.
	Why string `json:"why,omitempty"`
	// Unbound: the cell made the variable unbound.
	Unbound bool `json:"unbound,omitempty"`
	// Constant: the variable is a constant (defconstant) of this value.
	Constant bool `json:"constant,omitempty"`
	// Group, when not 0, says the value is in the record's Groups[Group-1]
	// (its Value is then empty): it shares structure with other globals.
	Group int `json:"group,omitempty"`
}

// Group holds globals whose values share structure (one's list is the
// tail of another's): their values as one state text, the list of them in
// Names order, so its labels span them all and a restore gives back one
// object where the image had one.
type Group struct {
	Names []string `json:"names"`
	Value string   `json:"value"`
}

// Def is one definition: its key (operator and name) and its form as
// state text.
type Def struct {
	Key  string `json:"key"`
	Form string `json:"form"`
	// Nested, when set, is the operator of the top-level form the
	// definition is inside ("let", "flet"…), and Form is that whole form,
	// evaluated again, bindings and all.
	Nested string `json:"nested,omitempty"`
}

func (State) Kind() string { return KindState }

// Empty reports whether the record changes nothing: a head move's record,
// which only says which state head stands on.
func (p State) Empty() bool {
	return !p.Full && len(p.Vars) == 0 && len(p.Defs) == 0 && p.Watch == nil
}
