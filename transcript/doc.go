// Package transcript imports other coding agents' session logs into a
// store, so that recall reads months of history the agent had before it
// used nodelisp: Claude Code's session JSONL, OpenAI Codex CLI's rollout
// JSONL and pi's session JSONL, one file per format (claude.go, codex.go,
// pi.go).
//
// Each transcript becomes one session whose Source (store.Source) names
// the tool, the tool's own session id and the file. Its messages become
// events of the kinds docs/storage.md lists: "input" for the user's text, "assistant
// answer" for the assistant's, "tool call" (the tool's name and arguments
// as the code) and "tool result" (its output). Everything else a
// transcript holds (thinking, hook progress, file snapshots, encrypted
// reasoning, metadata lines) becomes a "source record" event: a one-line
// summary as its text and the record verbatim in the payload, so it is
// kept but stays out of the bodies recall searches. Times come from the
// transcript and its order is kept.
//
// Every event's payload holds the source's own id for it ("source_id";
// a line without one is keyed by its content), so importing a file again
// adds nothing, a transcript that has grown gets only its new events
// appended, and one rewritten in place only the lines it did not have. A
// Tail reads a file as it grows (a torn last line waits for the rest; a
// malformed line is a *LineError naming the file and line, and is
// skipped), and a File keeps one file's session in step with it, writing
// under the session's lease so that two importers never write an event
// twice. Package follow decides when to look again.
//
// This package reads files and writes through store.Store; it knows no
// backend and prints nothing (progress goes to a callback).
package transcript
