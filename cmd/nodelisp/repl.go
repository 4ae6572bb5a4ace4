package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/reader"
)

// repl reads cells from stdin until EOF, printing each value. A cell is
// complete when the reader no longer reports it incomplete, so a form may
// span lines.
func (c *command) repl() int {
	it := interp.New(interp.Options{Stdout: c.stdout})
	in := bufio.NewScanner(c.stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	var pending strings.Builder
	for in.Scan() {
		pending.WriteString(in.Text())
		pending.WriteString("\n")
		src := pending.String()
		if strings.TrimSpace(src) == "" {
			pending.Reset()
			continue
		}
		if _, err := reader.ReadCell(src); err != nil {
			var rerr *reader.Error
			if errors.As(err, &rerr) && rerr.Incomplete {
				continue
			}
		}
		pending.Reset()
		res, err := it.Eval(context.Background(), src)
		if err != nil {
			fmt.Fprintf(c.stdout, "error: %v\n", err)
			continue
		}
		fmt.Fprintln(c.stdout, res.Printed)
	}
	return exitOK
}
