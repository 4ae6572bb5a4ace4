//go:build linux

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// deadline bounds every wait for the terminal; nothing here sleeps.
const deadline = 15 * time.Second

// terminal is the binary running under a pseudo-terminal, read as a person
// would watch it.
type terminal struct {
	t    *testing.T
	ptmx *os.File // our end
	tty  *os.File // the REPL's end
	cmd  *exec.Cmd

	mu   sync.Mutex
	out  []byte
	seen int // how much of out expect has consumed
	more chan struct{}
	done chan struct{}
}

func startTerminal(t *testing.T, env []string, args ...string) *terminal {
	t.Helper()
	return startTerminalWide(t, 120, env, args...)
}

// startTerminalWide starts the binary under a terminal cols columns wide.
func startTerminalWide(t *testing.T, cols uint16, env []string, args ...string) *terminal {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 40, Cols: cols}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(env, "TERM=xterm")
	cmd.Dir = t.TempDir()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tm := &terminal{t: t, ptmx: ptmx, tty: tty, cmd: cmd, more: make(chan struct{}, 1), done: make(chan struct{})}
	go tm.read()
	t.Cleanup(func() {
		if tm.cmd.ProcessState == nil {
			tm.cmd.Process.Kill()
			tm.cmd.Wait()
		}
		ptmx.Close()
		tty.Close()
	})
	return tm
}

func (tm *terminal) read() {
	defer close(tm.done)
	buf := make([]byte, 4096)
	for {
		n, err := tm.ptmx.Read(buf)
		if n > 0 {
			tm.mu.Lock()
			tm.out = append(tm.out, buf[:n]...)
			tm.mu.Unlock()
			select {
			case tm.more <- struct{}{}:
			default:
			}
		}
		if err != nil {
			return
		}
	}
}

// expect waits until s appears in what the REPL printed after the last
// match, and consumes the output up to its end.
func (tm *terminal) expect(s string) {
	tm.t.Helper()
	timeout := time.After(deadline)
	for {
		tm.mu.Lock()
		i := bytes.Index(tm.out[tm.seen:], []byte(s))
		if i >= 0 {
			tm.seen += i + len(s)
			tm.mu.Unlock()
			return
		}
		tail := string(tm.out[tm.seen:])
		tm.mu.Unlock()
		select {
		case <-tm.more:
		case <-tm.done:
			tm.mu.Lock()
			found := bytes.Contains(tm.out[tm.seen:], []byte(s))
			tm.mu.Unlock()
			if !found {
				tm.t.Fatalf("the REPL ended before printing %q; after the last match it printed:\n%q", s, tail)
			}
		case <-timeout:
			tm.t.Fatalf("waited %v for %q; after the last match the REPL printed:\n%q", deadline, s, tail)
		}
	}
}

// send types keys.
func (tm *terminal) send(keys string) {
	tm.t.Helper()
	if _, err := tm.ptmx.Write([]byte(keys)); err != nil {
		tm.t.Fatal(err)
	}
}

// prompt waits for the prompt and until liner reads keys, Ctrl-C among
// them (it prints the prompt a moment before it turns the terminal's
// signals off, and a Ctrl-C in that moment would be a signal).
func (tm *terminal) prompt() {
	tm.t.Helper()
	tm.expect(" > ")
	tm.waitMode(false)
}

// waitRunning waits until the terminal turns Ctrl-C into a signal again:
// liner (which reads Ctrl-C as a key at the prompt) has handed the typed
// line over and the REPL is running it.
func (tm *terminal) waitRunning() {
	tm.t.Helper()
	tm.waitMode(true)
}

// waitMode waits until the terminal's ISIG flag (Ctrl-C sends SIGINT) is
// signals.
func (tm *terminal) waitMode(signals bool) {
	tm.t.Helper()
	stop := time.Now().Add(deadline)
	for time.Now().Before(stop) {
		tio, err := unix.IoctlGetTermios(int(tm.tty.Fd()), unix.TCGETS)
		if err != nil {
			tm.t.Fatal(err)
		}
		if (tio.Lflag&unix.ISIG != 0) == signals {
			return
		}
		time.Sleep(time.Millisecond) // polling the terminal's mode: there is nothing to read
	}
	tm.t.Fatalf("the terminal's ISIG never became %v", signals)
}

// exit waits for the REPL to end and returns its exit status.
func (tm *terminal) exit() int {
	tm.t.Helper()
	errc := make(chan error, 1)
	go func() { errc <- tm.cmd.Wait() }()
	select {
	case err := <-errc:
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		if err != nil {
			tm.t.Fatal(err)
		}
		return 0
	case <-time.After(deadline):
		tm.t.Fatal("the REPL did not exit")
	}
	return -1
}

// output is everything the REPL printed so far.
func (tm *terminal) output() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return string(tm.out)
}

// sessionID is the id the banner names.
func (tm *terminal) sessionID() string {
	tm.t.Helper()
	tm.expect("session ")
	tm.mu.Lock()
	defer tm.mu.Unlock()
	rest := string(tm.out[tm.seen:])
	id, _, _ := strings.Cut(rest, ",")
	return id
}

func TestREPLMultiLineForm(t *testing.T) {
	tm := startTerminal(t, testEnv(t))
	tm.expect(" > ")
	tm.send("(defun sq (x)\r")
	tm.expect(".. ") // the form is incomplete: the REPL waits for more
	tm.send("  (* x x))\r")
	tm.expect("sq\r\n")
	tm.send("(sq 12)\r")
	tm.expect("144\r\n")
	tm.send("(car 5\r")
	tm.expect(".. ")
	tm.send(")\r")
	tm.expect("error: 1:1: car: the value 5 is not a list")
	tm.send("\x04")
	if code := tm.exit(); code != 0 {
		t.Errorf("Ctrl-D: exit %d, want 0", code)
	}
}

func TestREPLCtrlCCancelsRunningCell(t *testing.T) {
	env := testEnv(t)
	tm := startTerminal(t, env)
	tm.expect(" > ")
	// The cell writes a file before it loops; once the log holds that
	// change, the cell is looping.
	tm.send(`(progn (write-file "started" "yes") (loop))` + "\r")
	tm.waitRunning()
	waitLogged(t, env, `"kind":"file change"`)
	tm.send("\x03")
	tm.expect("cancelled")
	tm.expect(" > ")
	tm.send("(+ 1 2)\r")
	tm.expect("3\r\n")
	tm.send("\x04")
	tm.exit()
}

// waitLogged waits until the store's export holds text.
func waitLogged(t *testing.T, env []string, text string) {
	t.Helper()
	stop := time.Now().Add(deadline)
	for time.Now().Before(stop) {
		if r := runBin(t, env, "", "log", "export"); strings.Contains(r.stdout, text) {
			return
		}
		time.Sleep(5 * time.Millisecond) // polling another process's log: there is nothing to read
	}
	t.Fatalf("the log never held %s", text)
}

func TestREPLCtrlCAtPrompt(t *testing.T) {
	tm := startTerminal(t, testEnv(t))
	tm.prompt()
	tm.send("(+ 1")
	tm.send("\x03") // clears the line
	tm.expect("Ctrl-C again to quit")
	tm.prompt()
	tm.send("(+ 2 2)\r") // were "(+ 1" kept, this would not be complete
	tm.expect("4\r\n")
	tm.prompt()
	tm.send("(+ 1\r") // an unfinished cell, then Ctrl-C: dropped
	tm.expect(".. ")
	tm.waitMode(false)
	tm.send("\x03")
	tm.prompt()
	tm.send("\x03") // the second Ctrl-C at an empty prompt leaves
	if code := tm.exit(); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
}

func TestREPLSlashCommands(t *testing.T) {
	env := testEnv(t, "NODECODE_CONTEXT_TOKENS=2000")
	tm := startTerminal(t, env)
	id := tm.sessionID()
	tm.expect(" > ")
	tm.send("(defun sq (x) (* x x))\r")
	tm.expect("sq\r\n")
	tm.send("(sq 3)\r")
	tm.expect("9\r\n")

	tm.send("/context\r")
	tm.expect("budget: 2,000 tokens, from NODECODE_CONTEXT_TOKENS")
	tm.expect("\x1b[") // a terminal that takes colour gets it
	tm.expect("thresholds: warn over 1,700 (85%)")
	tm.expect("boundary: none")

	tm.send("/tree\r")
	tm.expect(id + "\r\n1  (defun sq (x) (* x x))\r\n6  (sq 3)  ← head\r\n")

	tm.send("/undo\r")
	tm.expect("head 6 → 1 (undo)")
	tm.send("/tree\r")
	tm.expect("1  (defun sq (x) (* x x))  ← head\r\n6  (sq 3)  (hidden)\r\n")

	tm.send("/fork\r")
	tm.expect("forked ")
	tm.mu.Lock()
	rest := string(tm.out[tm.seen:])
	tm.mu.Unlock()
	fork, _, _ := strings.Cut(rest, " ")
	if fork == id || !strings.HasPrefix(fork, "s-") {
		t.Fatalf("fork id %q (from %s)", fork, id)
	}
	tm.expect("the REPL is now in " + fork)
	tm.expect(fork + " ") // the prompt names the fork
	tm.send("(sq 4)\r")   // the fork stands at the same head: sq is defined
	tm.expect("16\r\n")

	tm.send("/nonsense\r")
	tm.expect("nodelisp: /nonsense: unknown command")
	tm.expect("commands: /context")
	tm.send("/quit\r")
	if code := tm.exit(); code != 0 {
		t.Errorf("/quit: exit %d", code)
	}
}

func TestREPLContextWithoutColour(t *testing.T) {
	tm := startTerminal(t, testEnv(t, "NO_COLOR=1", "NODECODE_CONTEXT_TOKENS=2000"))
	tm.expect(" > ")
	tm.send("/context\r")
	tm.expect("budget: 2,000 tokens")
	tm.expect("thresholds")
	tm.send("/quit\r")
	tm.exit()
	out := tm.output()
	i := strings.Index(out, "budget: 2,000")
	j := strings.Index(out, "thresholds")
	if strings.Contains(out[i:j], "\x1b[") {
		t.Errorf("NO_COLOR is set, but /context printed colour:\n%q", out[i:j])
	}
	if !strings.Contains(out[i:j], ". free") {
		t.Errorf("the plain bar's legend is missing:\n%s", out[i:j])
	}
}

func TestREPLHistoryAcrossRestarts(t *testing.T) {
	env := testEnv(t)
	tm := startTerminal(t, env)
	tm.expect(" > ")
	tm.send("(defun twice (x)\r(* 2 x))\r")
	tm.expect("twice\r\n")
	tm.send("(twice 21)\r")
	tm.expect("42\r\n")
	tm.send("\x04")
	tm.exit()
	hist, err := os.ReadFile(envValue(env, "NODECODE_HOME") + "/history")
	if err != nil {
		t.Fatal(err)
	}
	if want := "(defun twice (x) (* 2 x))\n(twice 21)\n"; string(hist) != want {
		t.Errorf("history file:\n%q\nwant\n%q", hist, want)
	}

	tm = startTerminal(t, env)
	tm.expect(" > ")
	tm.send("(defun twice (x) (* 2 x))\r")
	tm.expect("twice\r\n")
	tm.send("\x1b[A\x1b[A\r") // Up twice: (twice 21) from the last run
	tm.expect("42\r\n")
	tm.send("\x04")
	tm.exit()
}

func TestREPLTabCompletion(t *testing.T) {
	tm := startTerminal(t, testEnv(t))
	tm.expect(" > ")
	tm.send("(defun frobnicate-widget () 7)\r")
	tm.expect("frobnicate-widget\r\n")
	tm.send("(frobnicate-w\t)\r")
	tm.expect("7\r\n")
	tm.send("/cont\t\r")
	tm.expect("budget: unknown")
	tm.send("\x04")
	tm.exit()
}

func TestREPLResume(t *testing.T) {
	env := testEnv(t)
	tm := startTerminal(t, env)
	id := tm.sessionID()
	tm.expect(" > ")
	tm.send("(defun sq (x) (* x x))\r")
	tm.expect("sq\r\n")
	tm.send("\x04")
	tm.exit()

	tm = startTerminal(t, env, "--session", id)
	tm.expect("resumed at head 1")
	tm.expect(id + " ")
	tm.send("(sq 7)\r")
	tm.expect("49\r\n")
	tm.send("\x04")
	tm.exit()
}
