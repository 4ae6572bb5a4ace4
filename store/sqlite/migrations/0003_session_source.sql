-- Where an imported session came from: a JSON object (store/source.go),
-- NULL for the sessions nodelisp made itself.
ALTER TABLE sessions ADD COLUMN source TEXT;
