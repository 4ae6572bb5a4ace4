-- Counts of a session's events of a set of kinds matching a pattern in
-- one block of seqs, kept by reads so that later processes need not test
-- the block's rows again (store/internal/plan/keep.go). Not part of the
-- log: export, import and listings never read it, and any row may be
-- dropped. id orders rows oldest first, for pruning.
CREATE TABLE block_counts (
	id      INTEGER PRIMARY KEY,
	session TEXT NOT NULL,
	kinds   TEXT NOT NULL,
	pattern TEXT NOT NULL,
	block   INTEGER NOT NULL,
	count   INTEGER NOT NULL,
	UNIQUE (session, kinds, pattern, block)
);
