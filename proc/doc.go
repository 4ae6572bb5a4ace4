// Package proc starts the child processes of the run verb and keeps them
// on a leash: each command gets a process group of its own, which is
// killed whole when the caller's context ends (a cell's timeout, Ctrl-C,
// a cancel, the session's end), when the command's own timeout passes,
// and as soon as the command's first process exits, so nothing it started
// outlives it. Output is kept up to a cap (its head and its tail, with the
// count of bytes left out between), so a command that prints without end
// costs bounded memory. With a sandbox the command runs under bubblewrap
// with only the working directory writable and no network.
//
// The package knows nothing of sessions, Lisp or the log: package session
// defines the verb, captures the working directory around it, and records
// what changed.
package proc
