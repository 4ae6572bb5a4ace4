package eval

// Extension returns the value the library keeps in the image under key,
// making it with mk the first time: per-image state of library features
// (structure types, classes, generic functions) that the evaluator does
// not know about.
func (in *Interp) Extension(key any, mk func() any) any {
	if v, ok := in.ext[key]; ok {
		return v
	}
	if in.ext == nil {
		in.ext = map[any]any{}
	}
	v := mk()
	in.ext[key] = v
	return v
}

// Running returns the thread evaluating a cell in the image, or nil
// between cells. The printer calls program-defined print-object methods
// on it, since printing is reached from Go code that holds no thread.
func (in *Interp) Running() *Thread { return in.running }
