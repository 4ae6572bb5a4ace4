package cli

import "strconv"

// Usages of the run verb's flags, shared by the REPL, serve and agent.
const (
	UsageAllowRun = "let cells run commands with (run …), with your own rights; --allow-run=false forbids it (default: \"allow_run\" in config.jsonc, else on for the REPL and agent, off for serve)"
	UsageSandbox  = "run commands under bubblewrap: only the working directory writable, no network; nodelisp will not start without bwrap (default: off)"
)

// AllowRunFlag is --allow-run: a boolean flag that remembers whether it
// was given, so a mode's default and config.jsonc apply when it was not.
func AllowRunFlag(p **bool) *allowRunFlag { return &allowRunFlag{p: p} }

type allowRunFlag struct{ p **bool }

func (f *allowRunFlag) String() string {
	if f.p == nil || *f.p == nil {
		return ""
	}
	return strconv.FormatBool(**f.p)
}

func (f *allowRunFlag) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*f.p = &b
	return nil
}

func (f *allowRunFlag) IsBoolFlag() bool { return true }
