package proc

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testbin"
)

// needSandbox skips where bubblewrap is missing, except under CI, where
// .ci/run installs it and its absence is a failure.
func needSandbox(t *testing.T) {
	t.Helper()
	if err := CheckSandbox(); err != nil {
		testbin.SkipOutsideCI(t, fmt.Sprintf("no sandbox here: %v", err))
	}
}

func TestSandboxKeepsWritesInTheWorkdir(t *testing.T) {
	needSandbox(t)
	work, outside := t.TempDir(), t.TempDir()
	cmd := `echo in > inside.txt; echo out > "$O/escaped.txt"; echo tmp > /tmp/t.txt; cat /tmp/t.txt`
	res, err := Run(context.Background(), Spec{Command: cmd, Shell: true, Dir: work, Env: []string{"O=" + outside}, Sandbox: true})
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(work, "inside.txt")); err != nil || string(b) != "in\n" {
		t.Fatalf("the write inside: %q, %v (stderr %q)", b, err, res.Stderr.Text())
	}
	if _, err := os.Stat(filepath.Join(outside, "escaped.txt")); err == nil {
		t.Fatal("the sandbox let a write out of the working directory")
	}
	if res.Stdout.Text() != "tmp\n" {
		t.Fatalf("a private /tmp should work: stdout %q stderr %q", res.Stdout.Text(), res.Stderr.Text())
	}
}

func TestSandboxHasNoNetwork(t *testing.T) {
	needSandbox(t)
	if _, err := exec.LookPath("bash"); err != nil {
		testbin.SkipOutsideCI(t, "no bash for /dev/tcp")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	connect := Spec{Command: "bash", Args: []string{"-c", "echo hi > /dev/tcp/127.0.0.1/" + port}, Dir: t.TempDir()}
	// Outside the sandbox the connection works, so the test can fail.
	if res, err := Run(context.Background(), connect); err != nil || res.ExitCode != 0 {
		t.Fatalf("unsandboxed connect: %+v %v (stderr %q)", res, err, res.Stderr.Text())
	}
	connect.Sandbox = true
	res, err := Run(context.Background(), connect)
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode == 0 {
		t.Fatal("the sandboxed command reached the host's network")
	}
}

func TestNoBubblewrapIsAClearRefusal(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if err := CheckSandbox(); err != ErrNoSandbox {
		t.Fatalf("err = %v", err)
	}
}
