// Package view is `nodelisp view`: a local, read-only web page over a
// store that shows each session as the model saw it — the sessions, a
// session's turn tree and head, a timeline of its events by kind, the
// window each request sent (rebuilt from the log by package session) with
// a token bar of its parts, a chart of usage over the requests with the
// evictions marked, every event whole, and recall-search across sessions.
//
// It is safe by construction: pages are written through htmlPage.put,
// which escapes every argument that is not the page's own markup, so every
// text from the log is escaped; the server answers GET and HEAD only and
// has no handler that writes; every answer carries a strict
// Content-Security-Policy that allows only the embedded stylesheet and
// script; it binds to loopback unless told otherwise, and then asks for a
// token on every request. The assets are embedded: it works offline.
//
// It is not an editor of sessions, nor a live follower of a running one:
// a reload shows what the log holds now.
package view
