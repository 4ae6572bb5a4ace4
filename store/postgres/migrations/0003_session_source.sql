-- Where an imported session came from: a JSON object (store/source.go),
-- NULL for the sessions nodelisp made itself. Kept as text, byte for byte.
ALTER TABLE sessions ADD COLUMN source text;
