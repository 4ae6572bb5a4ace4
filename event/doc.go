// Package event owns the log's records: every kind of event as a constant
// and every payload as one Go type, with the one encoder and decoder the
// rest of the module uses to write and read them. It imports nothing of
// the module, so the store, the session host, transcript import, recall,
// the web view and the protocol server all depend on it and on nothing of
// each other to agree on what a record holds.
//
// It is not the store's model of an event (seq, session, time: package
// store) and decides nothing about what a record means: the session host
// folds records into a window, recall turns them into plists.
//
// A payload type's field order is the key order written to the log, and
// logs already written must read back the same: never reorder, rename or
// retype a field; add new fields last, with omitempty (or omitzero) so
// older records stay byte for byte what they were.
//
// # Adding a kind
//
//  1. Add its constant to the list in kind.go, named Kind and the record
//     it is ("KindRequest = "request""), and append it to Kinds.
//  2. Declare its payload in the file of its family (turn.go for a turn's
//     messages, window.go for what a request decides, state.go for the
//     image, …), or a new file for a new family, with a doc comment saying
//     what the record says and who writes it, and a Kind method returning
//     the constant.
//  3. Add a sample of it, every field set, to the table in
//     roundtrip_test.go: the test fails for a kind with no sample.
//  4. Write it with Encode (store.NewEvent{Kind: p.Kind(), Payload:
//     event.Encode(p)}) and read it with Decode[T]. No other package
//     declares a struct with a payload's keys or decodes a payload into a
//     struct of its own: TestPayloadsHaveOneOwner fails when one does.
//  5. When recall or the web view should show it other than as a
//     one-line summary, say so in docs/recall.md.
package event
