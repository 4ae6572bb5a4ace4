-- Times are microseconds since the Unix epoch, UTC.
CREATE TABLE store_meta (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
);

CREATE TABLE sessions (
	id         TEXT PRIMARY KEY,
	title      TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	parent     TEXT REFERENCES sessions (id),
	fork_seq   INTEGER,
	next_seq   INTEGER NOT NULL
);
CREATE INDEX sessions_created ON sessions (created_at, id);

CREATE TABLE events (
	id      INTEGER PRIMARY KEY,
	session TEXT NOT NULL REFERENCES sessions (id),
	seq     INTEGER NOT NULL,
	at      INTEGER NOT NULL,
	kind    TEXT NOT NULL,
	turn    INTEGER NOT NULL,
	payload TEXT NOT NULL,
	body    TEXT NOT NULL,
	UNIQUE (session, seq)
);
CREATE INDEX events_at ON events (at DESC, session DESC, seq DESC);
CREATE INDEX events_kind ON events (session, kind, seq);

-- Trigram indexes for substring search, external content kept in step
-- by triggers. detail=none stores only rowids: LIKE still works on them,
-- and they stay a fraction of the table's size.
CREATE VIRTUAL TABLE events_payload USING fts5 (
	payload, content = 'events', content_rowid = 'id', tokenize = 'trigram', detail = 'none'
);
CREATE VIRTUAL TABLE events_body USING fts5 (
	body, content = 'events', content_rowid = 'id', tokenize = 'trigram', detail = 'none'
);
CREATE TRIGGER events_fts_insert AFTER INSERT ON events BEGIN
	INSERT INTO events_payload (rowid, payload) VALUES (new.id, new.payload);
	INSERT INTO events_body (rowid, body) VALUES (new.id, new.body);
END;
CREATE TRIGGER events_fts_delete AFTER DELETE ON events BEGIN
	INSERT INTO events_payload (events_payload, rowid, payload) VALUES ('delete', old.id, old.payload);
	INSERT INTO events_body (events_body, rowid, body) VALUES ('delete', old.id, old.body);
END;
