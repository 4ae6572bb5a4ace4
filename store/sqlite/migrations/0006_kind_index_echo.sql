-- The (session, kind, seq) index gains the echo flags (store/echo.go), so
-- that a count of a session's events of some kinds that leaves out echoes,
-- which every (recall-log) makes, reads the index alone: since 0004 it
-- read every counted row from the table (16 → 83 ms at 100,000 events).
DROP INDEX events_kind;
CREATE INDEX events_kind ON events (session, kind, seq, echo);
