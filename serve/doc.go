// Package serve is nodelisp's host protocol for agents in any language
// (docs/serve.md): the session host of package session offered over stdio, as
// JSON-RPC 2.0 with one message a line (Server), or as a Model Context
// Protocol server whose eval tool makes each cell a turn (MCP).
//
// The JSON-RPC server reads its input in one goroutine and runs each
// session's requests in order on that session's own queue, so a cancel
// request is answered while a cell is still running, and two sessions run
// side by side. docs/serve.md lists the methods, their params and results,
// the error codes, and a transcript of a real exchange.
package serve
