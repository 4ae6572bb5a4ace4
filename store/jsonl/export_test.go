package jsonl

// SetMaxLine lowers the line limit for a test and returns the undo.
func SetMaxLine(n int) (restore func()) {
	old := maxLine
	maxLine = n
	return func() { maxLine = old }
}
