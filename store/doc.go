// Package store defines nodelisp's event log: the sessions and events of
// docs/storage.md and the one Go interface, Store, that every backend implements.
//
// An event is appended once and never changed. Its payload is a JSON object
// kept verbatim as text, so recall's :match runs over exactly the bytes the
// host wrote. Each event also carries a body (see Body), the text recall
// shows, which backends keep in its own indexed column.
//
// A session may be a fork of another. A fork's own seqs continue after its
// fork point, and every read of a fork includes the parent's events up to
// that point, recursively up the lineage (see Segments).
//
// Match patterns follow one definition of SQL LIKE on every backend (see
// Like): % and _ are wildcards, \ escapes, only ASCII letters fold case.
//
// This package holds no backend and imports none. Backends live in
// store/sqlite and store/postgres, store/storeopen picks one from a URL or a
// path, and store/storetest is the conformance suite both pass. Moving logs
// between stores is store/jsonl; synthetic logs for benchmarks are store/gen.
package store
