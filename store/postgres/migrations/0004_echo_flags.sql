-- Flags recall's default reads leave out (store/echo.go): 1 for a recall
-- cell's tool call and result, 2 for an input its turn's tool call
-- repeats. Derived from payloads when events are written. Adding a column
-- with a constant default rewrites no rows.
ALTER TABLE events ADD COLUMN echo smallint NOT NULL DEFAULT 0;
