// Package follow keeps other agents' transcripts imported while the agents
// write them: `nodelisp log import --follow` and `nodelisp serve --mcp
// --follow` run it. It watches folders and files (inotify, through
// fsnotify, where the kernel offers it and the folder is local; polling
// where it does not or the folder is on a network filesystem) and, when a
// transcript changes, has package transcript read what it gained and
// write what the store lacks.
//
// Everything about reading a transcript (torn lines, malformed lines,
// rewrites, source ids, leases) belongs to package transcript; this
// package only decides when to look. It prints nothing: what it has to
// say goes to Options.Notify.
package follow
