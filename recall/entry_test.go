package recall

import (
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
)

func TestEntry(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		im := fixtureImage(t, st, "s2")
		im.cases(t, [][2]string{
			// The fork's own event at 15, then the parent's at 4 under
			// the session that appended it.
			{`(recall-entry 15)`, `(:seq 15 :at "2026-12-01T06:50:02.000015Z" :kind "tool call" :body "(deploy :staging)" ` +
				`:turn 14 :session-id "s2" :payload "{\"code\":\"(deploy :staging)\",\"note\":null}")`},
			{`(recall-entry 4)`, `(:seq 4 :at "2026-12-01T06:40:05.400004Z" :kind "assistant answer" ` +
				`:body "The DEPLOY script is scripts/deploy.sh; it copies the build to the server." ` +
				`:turn 1 :session-id "s1" :payload "{\"text\":\"The DEPLOY script is scripts/deploy.sh; it copies the build to the server.\"}")`},
			{`(recall-entry 16)`, `(:seq 16 :at "2026-12-01T06:50:30.000004Z" :kind "tool result" :body "DEPLOYED to staging in 2.1s" :duration-ms 2100 ` +
				`:turn 14 :session-id "s2" :payload "{\"call\":15,\"text\":\"DEPLOYED to staging in 2.1s\",\"duration_ms\":2100,\"error\":false,\"defined\":[],\"watching\":{}}")`},
			// Any kind, and the undone branch too.
			{`(recall-entry 9)`, `(:seq 9 :at "2026-12-01T06:42:00.900009Z" :kind "head move" :body "head 5 → 1 (undo)" ` +
				`:turn 5 :session-id "s1" :payload "{\"from\":5,\"to\":1,\"why\":\"undo\"}")`},
			// The whole body, not clipped.
			{`(length (getf (recall-entry 7) :body))`, `386`},
			{`(getf (recall-entry 6) :body)`, lisp.Prin1ToString(lisp.NewString(longCode))},
			{`(getf (recall-entry 7) :body)`, lisp.Prin1ToString(lisp.NewString(longResult))},
			{`(getf (recall-entry 7) :duration-ms)`, `350`},
			// No event at the seq: nil. s1's 15 and 16 are past the fork.
			{`(recall-entry 18)`, `nil`},
			{`(recall-entry 0)`, `nil`},
			{`(recall-entry -4)`, `nil`},
			{`(recall-entry 100000000000000000000000)`, `nil`},
			{`(getf (recall-entry 15 :session-id "s1") :body)`, `"after the fork: only s1 sees this"`},
			{`(getf (recall-entry 14 :session-id "s1") :kind)`, `"usage"`},
			{`(recall-entry 10 :session-id "s3")`, `nil`},
			{`(getf (recall-entry 1 :session-id nil) :session-id)`, `"s1"`},
		})
	})
}
