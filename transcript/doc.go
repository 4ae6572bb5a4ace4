// Package transcript imports other coding agents' session logs into a
// store, so that recall reads months of history the agent had before it
// used nodelisp: Claude Code's session JSONL, OpenAI Codex CLI's rollout
// JSONL and pi's session JSONL, one file per format (claude.go, codex.go,
// pi.go).
//
// Each transcript becomes one session whose Source (store.Source) names
// the tool, the tool's own session id and the file. Its messages become
// events of SPEC §2's kinds: "input" for the user's text, "assistant
// answer" for the assistant's, "tool call" (the tool's name and arguments
// as the code) and "tool result" (its output). Everything else a
// transcript holds (thinking, hook progress, file snapshots, encrypted
// reasoning, metadata lines) becomes a "source record" event: a one-line
// summary as its text and the record verbatim in the payload, so it is
// kept but stays out of the bodies recall searches. Times come from the
// transcript and its order is kept.
//
// Every event's payload holds the source's own id for it ("source_id"),
// so importing a file again adds nothing and a transcript that has grown
// gets only its new events appended. A file is read and checked whole
// before anything of it is written: a malformed line is a *LineError
// naming the file and line, and nothing of that file is imported.
//
// This package reads files and writes through store.Store; it knows no
// backend and prints nothing (progress goes to a callback).
package transcript
