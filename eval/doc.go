// Package eval is the nodelisp evaluator: it analyses each top-level form
// once into a tree of Go closures and runs it under the limits of a Thread.
// It is not the library (package builtins) nor the reader or printer.
//
// Analysis (analyze.go) macroexpands fully and produces an ir per form;
// code is generated from the ir only when the whole top-level form has
// been analysed, so that it is known which lexical variables a nested
// lambda captures. Uncaptured variables live in the slots of a flat frame
// (a window of the thread's stack); captured ones live in boxes, a fresh
// box per binding, which closures copy when they are made. Global
// variables and functions are resolved at analysis time to a per-Interp
// cell, so a global call costs a pointer dereference.
//
// Calls (call.go): arguments of a closure with only required parameters
// are evaluated straight into the callee's frame. A call in tail position
// returns a marker with the pending call left in the thread, and the loop
// running the current closure runs it in the same frame, so tail calls use
// constant Go stack. A few library functions (+ - * < > <= >= = 1+ 1- car
// cdr cons eq null not zerop) are open-coded for fixnums and conses
// (inline.go); defun may not redefine a builtin, which keeps that sound.
//
// Non-local exits (block/return-from, tagbody/go, catch/throw) and
// conditions unwind by panicking; only the forms that can be their target
// recover, and they restore the thread's stack pointer, depth, dynamic
// bindings and handlers. A go that is a plain statement of its tagbody (or
// the body of an if/when/unless statement) is a jump, with no unwinding.
// Multiple values travel beside the primary value (values.go documents the
// approximation).
//
// Limits: a step counter (calls and loop iterations) with the
// cancellation flag, set by context.AfterFunc, checked every 1024 steps; a
// call depth cap well below Go's stack limit; and an output byte cap.
// Limit conditions are of class EVALUATION-LIMIT, which no handler for
// error, condition or t catches.
package eval
