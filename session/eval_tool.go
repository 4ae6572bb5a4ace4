package session

// The eval tool as a model sees it, whichever host offers it: serve's MCP
// eval tool and `nodelisp agent`'s one tool share these words, so a model
// learns the recall forms and the ;; note habit the same way through both.
const (
	// EvalDescription describes the eval tool.
	EvalDescription = `Evaluate one cell of nodelisp, a Common Lisp subset, as a turn of this session. Returns what the cell printed, then its value (or "error: LINE:COL: message"), then a last line [seq N]: N is the result's seq in the session's log. Definitions (defun, defvar, defparameter, defmacro) stay for later cells.

Begin every cell with a ";;" note line saying what it does and what you learned, e.g. ";; parse the CSV header: 12 columns". When old turns are evicted from the context, a stub takes their place and keeps those notes, so the notes are your memory of evicted work.

Nothing is lost: the log keeps every turn word for word. Read it back from a cell:
  (recall-log :match "text" :before N :limit 20)  this session's log, oldest first, bodies clipped to 200 characters; :match is SQL LIKE
  (recall-entry N)                                 the one event at seq N, whole
  (recall-search "words")                          every session, newest first; every word must appear (for an exact phrase or name)
  (recall-search "what did we decide about the cache" :rank :relevance)
                                                   for a question: any word qualifies, rows with the rarer words first, with :score and :matched-words
  :since "2026-06-01" :until "2026-06-30"          on recall-search and recall-log: only events of those dates (ISO date or date-time); each row's :at is its time
Read a hit whole with (recall-entry N :session-id "...").
(watch 'name) records the variable's value with each result; (context) exports the context for editing.`
	// EvalCodeDescription describes its code argument.
	EvalCodeDescription = "the Lisp cell to evaluate, one or more forms, ideally opening with a ;; note line"
	// EvalTimeoutDescription describes its timeout_ms argument.
	EvalTimeoutDescription = "stop the cell after this many milliseconds (default: no limit beyond the cell's step limit)"
)

// EvalRunDescription is added to EvalDescription where the host allows
// run (Options.AllowRun); a model is not told of a verb it may not use.
const EvalRunDescription = `
(run "make test") runs a shell command in the working directory (or (run "git" :args '("status")) with no shell; keys :timeout-ms :stdin :env :dir) and returns (:exit-code N :stdout TEXT :stderr TEXT :files CHANGES); every file it creates, modifies or deletes is recorded, so undo puts it back.`

// EvalToolDescription is the eval tool's description for hosts whose
// sessions run commands when allowRun.
func EvalToolDescription(allowRun bool) string {
	if allowRun {
		return EvalDescription + EvalRunDescription
	}
	return EvalDescription
}
