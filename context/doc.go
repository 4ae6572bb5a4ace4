// Package ctxfile is the context file of docs/context.md: the window written out as
// text an agent or a person can edit with any tool, and read back as an
// edit. The folder is context/ because the user's layout names it: the
// file lives at HOME/context/STORE/SESSION/context.txt and the builtin is
// (context …). The package is ctxfile, not context, because every file of
// the host that reads this package also takes a context.Context, and a
// package named context would shadow the standard library's there.
//
// The file is a header line naming the export, one block per window
// message (a [[m:NONCE ID ROLE]] line and the message's text), and a last
// line listing the messages earlier edits removed. Format writes it; Parse
// reads one back; Compare sets an edited file against its export and says
// what the edit asks for — kept, deleted, rewritten, noted, restored — or
// why it must be refused. Receipt renders the answer a request writes to
// context.receipt.txt.
//
// The package knows only ids, roles and texts. The session host (package
// session) decides what an id means in the log, pairs tool calls with their
// results, and records taken edits as context edit events.
package ctxfile
