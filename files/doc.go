// Package files gives the file verbs of docs/files.md their ground: a working
// directory that every operation is confined to. A Dir turns the paths an
// agent writes into paths relative to that directory, refusing any that
// leave it (a "..", an absolute path elsewhere, a symbolic link leading
// out), and reads, writes, removes and lists files beneath it.
//
// Only text is handled: reads refuse files holding NUL bytes or invalid
// UTF-8 and files over a size limit, and writes refuse the same, because
// every change is recorded in the log with its contents so that undo can
// put them back. Writes are atomic: a temporary file in the same directory
// renamed over the target.
//
// The package knows nothing of sessions or the log; package session
// records the changes and restores them on undo.
package files
