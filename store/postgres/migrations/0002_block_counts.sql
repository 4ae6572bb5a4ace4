-- Counts of a session's events of a set of kinds matching a pattern in
-- one block of seqs, kept by reads so that later processes need not test
-- the block's rows again (store/internal/plan/keep.go). Not part of the
-- log: export, import and listings never read it, and any row may be
-- dropped. id orders rows oldest first, for pruning. COLLATE "C" makes
-- the key compare byte for byte whatever the database's collation.
CREATE TABLE block_counts (
	id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	session text COLLATE "C" NOT NULL,
	kinds   text COLLATE "C" NOT NULL,
	pattern text COLLATE "C" NOT NULL,
	block   bigint NOT NULL,
	count   bigint NOT NULL,
	UNIQUE (session, kinds, pattern, block)
);
