-- Which host may write a session's turns right now (store/lease.go): one
-- row per held session, deleted on release. Times are microseconds since
-- the epoch on the store's clock, as everywhere in this file.
CREATE TABLE session_leases (
	session    TEXT PRIMARY KEY REFERENCES sessions (id),
	token      TEXT NOT NULL,
	host       TEXT NOT NULL,
	pid        INTEGER NOT NULL,
	kind       TEXT NOT NULL,
	taken_at   INTEGER NOT NULL,
	expires_at INTEGER NOT NULL
);
