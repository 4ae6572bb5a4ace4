// Package recall defines the three builtins an agent reads its own history
// with: recall-log, recall-entry and recall-search (docs/recall.md, and the
// reference pages in ../shared/seeds). A host installs them into an image
// for one session with Install; they then read that session's store.
//
//	(recall-log :match "deploy" :before 1200 :limit 10)
//	(recall-entry 1184)
//	(recall-search "deploy script")
//
// recall-log and recall-entry read the session's whole lineage: the
// sessions it was forked from (up to each fork point) and every branch,
// turns hidden by an undo included. recall-search reads every session of
// the store. Rows are plists; see docs/recall.md for every keyword,
// default and shape.
//
// Two additions to the seeds' rules live here too: cells that ran recall
// forms are echoes, left out unless :echoes t (echoes.go, cell.go: a host
// hands the running cell over with WithCell), and recall-search can rank
// the best match first (rank.go). Rows of sessions imported from other
// agents' transcripts end with :source (source.go).
//
// The package turns Lisp arguments into store queries and store rows into
// Lisp values; the SQL, and the choice between an index and a newest-first
// walk, belong to the store. Bad arguments, missing sessions and store
// failures are Lisp errors naming the form, so handler-case catches them;
// a cancelled cell stays an evaluation limit, which it does not.
package recall
