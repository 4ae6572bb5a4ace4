package main

import (
	"io"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// SIGTERM ends a script and the REPL whatever the cell is doing, and
// SIGINT ends a script: within a second (the bound checked is ten times
// that, so a loaded machine does not fail it; the real figure is logged).
func TestSignalsEndTheProcess(t *testing.T) {
	for _, c := range []struct {
		name  string
		sig   syscall.Signal
		args  []string
		stdin string
	}{
		{"script SIGTERM", syscall.SIGTERM, []string{"-e", "(loop)"}, ""},
		{"script SIGINT", syscall.SIGINT, []string{"-e", "(isqrt (expt 10 4000000))"}, ""},
		{"REPL SIGTERM", syscall.SIGTERM, []string{"--home", t.TempDir()}, "(loop)\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(bin, c.args...)
			cmd.Env = testEnv(t)
			cmd.Dir = t.TempDir()
			in, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			io.WriteString(in, c.stdin) // the pipe stays open: the REPL waits on the cell, not on EOF
			time.Sleep(300 * time.Millisecond)
			sent := time.Now()
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
				t.Logf("ended %v after the signal", time.Since(sent))
			case <-time.After(10 * time.Second):
				cmd.Process.Signal(os.Kill)
				<-done
				t.Fatalf("still running 10 s after %v", c.sig)
			}
			in.Close()
		})
	}
}
