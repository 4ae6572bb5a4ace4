package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/nodelisp/nodelisp/follow"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/transcript"
)

// followList is serve's repeatable --follow TOOL[=DIR].
type followList []followSpec

type followSpec struct{ tool, dir string }

func (l *followList) String() string { return fmt.Sprint(*l) }

func (l *followList) Set(v string) error {
	tool, dir, _ := strings.Cut(v, "=")
	if !slices.Contains(transcript.Formats, tool) {
		return fmt.Errorf("%q: give %s, as TOOL or TOOL=DIR", tool, strings.Join(transcript.Formats, ", "))
	}
	if dir == "" {
		dir = toolFolder(tool)
	}
	*l = append(*l, followSpec{tool: tool, dir: dir})
	return nil
}

// serveFollow runs one follower beside the server, in its process, until
// the server ends; what it says goes to stderr (stdout is the protocol's).
func (c *command) serveFollow(ctx context.Context, st store.Store, f followSpec) {
	_, err := follow.Run(ctx, st, follow.Options{Format: f.tool, Paths: []string{f.dir}, Holder: importHolder("serve follow"),
		Notify: func(s string) { fmt.Fprintln(c.stderr, "nodelisp: "+s) }})
	if err != nil && ctx.Err() == nil {
		fmt.Fprintf(c.stderr, "nodelisp: --follow %s: %v\n", f.tool, err)
	}
}
