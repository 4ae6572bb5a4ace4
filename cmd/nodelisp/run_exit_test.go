package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// SIGTERM to the REPL while a cell's run has a process tree that forks
// and ignores SIGTERM leaves none of it running: the host kills the
// command's process group before it ends.
func TestSIGTERMLeavesNoCommandBehind(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(bin)
	cmd.Env = testEnv(t)
	cmd.Dir = dir
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	defer in.Close()
	io.WriteString(in, `(run "trap '' TERM; (trap '' TERM; exec sleep 60) & echo $$ $! > pids.txt; sleep 60")`+"\n")
	pids := waitPids(t, filepath.Join(dir, "pids.txt"))
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatal("the REPL still ran 10 s after SIGTERM")
	}
	// The kill is sent before the host ends; the processes are gone (or
	// zombies waiting for a reaper) at once, allowed 10 s on a busy machine.
	for deadline := time.Now().Add(10 * time.Second); ; {
		left := running(pids)
		if len(left) == 0 {
			break
		}
		if time.Now().After(deadline) {
			for _, p := range left {
				syscall.Kill(p, syscall.SIGKILL)
			}
			t.Fatalf("processes %v of the command's group outlived the host", left)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := syscall.Kill(-pids[0], 0); err == nil && len(running(groupMembers(pids[0]))) > 0 {
		t.Fatalf("process group %d still has live members", pids[0])
	}
}

// waitPids reads the pids a command wrote, once it has.
func waitPids(t *testing.T, path string) []int {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		data, err := os.ReadFile(path)
		if err != nil || !strings.HasSuffix(string(data), "\n") {
			continue
		}
		var pids []int
		for _, f := range strings.Fields(string(data)) {
			n, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("pids file %q", data)
			}
			pids = append(pids, n)
		}
		return pids
	}
	t.Fatal("the command never wrote its pids")
	return nil
}

// running is the pids that are alive: not gone, and not zombies (a
// container's first process may never reap them).
func running(pids []int) []int {
	var out []int
	for _, p := range pids {
		data, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/stat")
		if err != nil {
			continue
		}
		// The state follows the command name's closing parenthesis.
		s := string(data)
		if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) && s[i+2] == 'Z' {
			continue
		}
		out = append(out, p)
	}
	return out
}

// groupMembers is every process whose process group is pgid.
func groupMembers(pgid int) []int {
	var out []int
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if g, err := syscall.Getpgid(pid); err == nil && g == pgid {
			out = append(out, pid)
		}
	}
	return out
}

// Leaving the REPL closes its session: run's mirror of the working
// directory is removed, not left in the home.
func TestREPLExitClosesTheSession(t *testing.T) {
	env := testEnv(t)
	home := envValue(env, "NODECODE_HOME")
	for _, leave := range []string{"/exit\n", ""} {
		r := runIn(t, bin, t.TempDir(), env, `(getf (run "echo hi > a.txt") :files)`+"\n"+leave)
		if r.code != 0 || !strings.Contains(r.stdout, "created a.txt") {
			t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
		}
		var left []string
		filepath.WalkDir(filepath.Join(home, "runs"), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				left = append(left, p)
			}
			return nil
		})
		if len(left) > 0 {
			t.Fatalf("leaving with %q left run's mirror behind: %v", leave, left)
		}
	}
}
