// Package ctxfile is the context file of SPEC §6: the window written out as
// text an agent or a person can edit with any tool, and read back as an
// edit. The folder is context/; the package is not named context, so it
// never shadows the standard library's.
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
