package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/files"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/proc"
	"github.com/nodelisp/nodelisp/unpack"
)

// RunRefusal is what run signals in a session that may not run commands.
// It is read by a model, so it says what to do instead.
const RunRefusal = "run: running commands is not allowed in this session. " +
	"Whoever started nodelisp can allow it (--allow-run, or \"allow_run\": true in config.jsonc); " +
	"meanwhile read and change files with read-file, write-file, edit-file, delete-file and list-files"

const runDoc = "Runs COMMAND in the working directory: a string for /bin/sh -c, or a program given :args (a list of strings, no shell). " +
	"Keys: :timeout-ms, :stdin (a string), :env (a list of \"NAME=value\"), :dir (a directory inside the working directory). " +
	"Returns (:exit-code N :stdout TEXT :stderr TEXT :files CHANGES), CHANGES a line per file it created, modified or deleted; undo puts them back."

// installRun defines run when the session has a working directory.
func (s *Session) installRun(it *interp.Interpreter) {
	if s.opts.Workdir == "" {
		return
	}
	it.Define("run", "(command &key args timeout-ms stdin env dir)", runDoc, s.run)
}

// run is (run COMMAND &key args timeout-ms stdin env dir).
func (s *Session) run(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
	var command, stdin string
	var argList, timeout, env lisp.Value = lisp.Nil, lisp.Nil, lisp.Nil
	var dir optionalPath
	unpack.Form("run", args, "command", &command, "&key", "args", &argList, "timeout-ms", &timeout,
		"stdin", &stdin, "env", &env, "dir", &dir)
	if !s.opts.AllowRun {
		lisp.Errorf("%s", RunRefusal)
	}
	if replaying(ctx) {
		lisp.Errorf("run: commands are not run while definitions are replayed")
	}
	if s.tree.head == 0 {
		lisp.Errorf("run: no running turn to record the command's changes in")
	}
	spec := proc.Spec{Command: command, Shell: argList == lisp.Nil, Stdin: stdin, Sandbox: s.opts.Sandbox, OutputLimit: s.opts.RunOutput}
	if argList != lisp.Nil {
		spec.Args = stringList("run", ":args", argList)
	}
	spec.Env = stringList("run", ":env", env)
	for _, kv := range spec.Env {
		if i := strings.IndexByte(kv, '='); i <= 0 {
			lisp.Errorf("run: :env entry %q is not NAME=value", kv)
		}
	}
	if timeout != lisp.Nil {
		n, ok := timeout.(lisp.Fixnum)
		if !ok || n <= 0 {
			lisp.TypeError("run", timeout, "a positive integer of milliseconds")
		}
		spec.Timeout = time.Duration(n) * time.Millisecond
	}
	d := s.mustFileDir("run")
	spec.Dir = d.Path()
	if dir != "" {
		spec.Dir = s.runDir(d, string(dir))
	}
	// What run keeps of the two streams is booked against the cell's
	// memory cap before the command starts: a cap too small for it ends
	// the cell with the cap's condition, and the command never runs.
	keep := int64(spec.OutputLimit)
	if keep <= 0 {
		keep = proc.DefaultOutputLimit
	}
	interp.Reserve(ctx, 2*keep, fmt.Sprintf("run's output of up to %d bytes a stream", keep))
	c := s.runCapture(ctx, d)
	res, runErr := proc.Run(ctx, spec)
	if errors.Is(runErr, proc.ErrStart) {
		lisp.Errorf("run: %s: %v", command, runErr)
	}
	// What the command changed is recorded even when it was stopped: the
	// files changed all the same, and undo must be able to put them back.
	lines := s.recordRun(context.WithoutCancel(ctx), c)
	if runErr != nil {
		return nil, fmt.Errorf("run: %s: stopped (%w); its process group was killed", command, runErr)
	}
	return runResult(ctx, res, lines), nil
}

// runDir checks :dir, a directory inside the working directory, and
// returns it as an absolute path.
func (s *Session) runDir(d *files.Dir, name string) string {
	if _, err := d.List(name); err != nil {
		fileError("run", err)
	}
	rel, err := d.Rel(name)
	if err != nil {
		fileError("run", err)
	}
	return d.Path() + "/" + rel
}

// stringList reads a list of strings for key of op; nil is none.
func stringList(op, key string, v lisp.Value) []string {
	var out []string
	for v != lisp.Nil {
		c, ok := v.(*lisp.Cons)
		if !ok {
			lisp.TypeError(op, v, key+" as a list of strings")
		}
		str, ok := c.Car.(*lisp.String)
		if !ok {
			lisp.TypeError(op, c.Car, key+" as a list of strings")
		}
		out = append(out, str.S)
		v = c.Cdr
	}
	return out
}

var (
	kwExitCode = lisp.InternKeyword("EXIT-CODE")
	kwStdout   = lisp.InternKeyword("STDOUT")
	kwStderr   = lisp.InternKeyword("STDERR")
	kwFiles    = lisp.InternKeyword("FILES")
	kwSignal   = lisp.InternKeyword("SIGNAL")
	kwTimedOut = lisp.InternKeyword("TIMED-OUT")
)

// runResult is run's plist: exit code (nil when a signal ended the
// command, then :signal names it), the two streams as text, the files it
// changed, and :timed-out t when its own timeout ended it.
func runResult(ctx context.Context, res proc.Result, changes []string) lisp.Value {
	var code lisp.Value = lisp.Nil
	if res.Signal == "" {
		code = lisp.MakeInt(int64(res.ExitCode))
	}
	var fl lisp.ListBuilder
	for _, l := range changes {
		fl.Add(&lisp.String{S: l})
	}
	stdout, stderr := res.Stdout.Text(), res.Stderr.Text()
	interp.HoldText(ctx, stdout)
	interp.HoldText(ctx, stderr)
	out := []lisp.Value{kwExitCode, code, kwStdout, &lisp.String{S: stdout},
		kwStderr, &lisp.String{S: stderr}, kwFiles, fl.List()}
	if res.Signal != "" {
		out = append(out, kwSignal, &lisp.String{S: res.Signal})
	}
	if res.TimedOut {
		out = append(out, kwTimedOut, lisp.T)
	}
	return lisp.List(out...)
}

// AllowsRun reports whether the session's cells may run commands, for a
// host that describes its tools (EvalToolDescription).
func (s *Session) AllowsRun() bool { return s.opts.AllowRun && s.opts.Workdir != "" }
