// Package agent is the loop behind `nodelisp agent`: a model drives a
// session through one tool, eval. Each round the session's window (built
// from the log, with the request's rules applied) is translated into a
// neutral Request, a Provider (agent/anthropic, agent/openai) sends it
// through the provider's official SDK and streams the answer back, and the
// loop logs the response, reports its usage, and runs each eval call as a
// cell of the running turn, until the model answers without a call.
//
// Everything a request holds is derived from the log, so a restarted
// agent builds the same next request byte for byte.
package agent
