CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE store_meta (
	key   text PRIMARY KEY,
	value text NOT NULL
);

CREATE TABLE sessions (
	id         text PRIMARY KEY,
	title      text NOT NULL,
	created_at timestamptz NOT NULL,
	parent     text REFERENCES sessions (id),
	fork_seq   bigint,
	-- The seq the next append gets; appends move it forward in the same
	-- statement that inserts their events.
	next_seq   bigint NOT NULL
);
CREATE INDEX sessions_created ON sessions (created_at, id);

CREATE TABLE events (
	id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	session text NOT NULL REFERENCES sessions (id),
	seq     bigint NOT NULL,
	at      timestamptz NOT NULL,
	kind    text NOT NULL,
	turn    bigint NOT NULL,
	payload text NOT NULL,
	body    text NOT NULL,
	UNIQUE (session, seq)
);
CREATE INDEX events_at ON events (at DESC, session DESC, seq DESC);
CREATE INDEX events_kind ON events (session, kind, seq);

-- Trigram indexes on exactly the expressions the queries use: COLLATE "C"
-- makes ILIKE fold ASCII letters only.
CREATE INDEX events_payload_trgm ON events USING gin ((payload COLLATE "C") gin_trgm_ops);
CREATE INDEX events_body_trgm ON events USING gin ((body COLLATE "C") gin_trgm_ops);
