-- Which host may write a session's turns right now (store/lease.go): one
-- row per held session, deleted on release. Times are the server's clock,
-- so hosts on machines whose clocks disagree still agree on expiry.
CREATE TABLE session_leases (
	session    text PRIMARY KEY REFERENCES sessions (id),
	token      text NOT NULL,
	host       text NOT NULL,
	pid        integer NOT NULL,
	kind       text NOT NULL,
	taken_at   timestamptz NOT NULL,
	expires_at timestamptz NOT NULL
);
