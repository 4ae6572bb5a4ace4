package proc

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/internal/testbin"
)

func TestShellCommandResult(t *testing.T) {
	dir := t.TempDir()
	res, err := Run(context.Background(), Spec{Command: "echo out; echo err >&2; pwd; exit 3", Shell: true, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 3 || res.Stdout.Text() != "out\n"+dir+"\n" || res.Stderr.Text() != "err\n" {
		t.Fatalf("got %+v (stdout %q)", res, res.Stdout.Text())
	}
}

func TestProgramWithArgsHasNoShell(t *testing.T) {
	res, err := Run(context.Background(), Spec{Command: "echo", Args: []string{"a;b", "$HOME"}, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Stdout.Text(); got != "a;b $HOME\n" {
		t.Fatalf("stdout %q", got)
	}
}

func TestStdinAndEnv(t *testing.T) {
	res, err := Run(context.Background(), Spec{Command: `read x; echo "$x $GREETING"`, Shell: true, Stdin: "hello\n", Env: []string{"GREETING=world"}, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Stdout.Text(); got != "hello world\n" {
		t.Fatalf("stdout %q", got)
	}
}

func TestMissingProgramIsAStartError(t *testing.T) {
	_, err := Run(context.Background(), Spec{Command: "no-such-program-here", Dir: t.TempDir()})
	if !errors.Is(err, ErrStart) || !strings.Contains(err.Error(), "no-such-program-here") {
		t.Fatalf("err = %v", err)
	}
}

// stubborn is a shell command whose process tree forks twice, ignores
// SIGTERM everywhere, and writes the pid of each process to a file of its
// own in $D. Each pid is written to a temporary name and renamed, so a
// file that exists holds its pid whole: a kill that lands between the
// redirection's open and echo's write left an empty file once, and the
// test read "" for a pid.
const stubborn = `trap '' TERM
( trap '' TERM; echo $$ > "$D/inner1.tmp"; mv "$D/inner1.tmp" "$D/inner1"; exec sh -c 'trap "" TERM; echo $$ > "$D/inner2.tmp"; mv "$D/inner2.tmp" "$D/inner2"; while :; do sleep 0.05; done' ) &
echo $$ > "$D/outer.tmp"; mv "$D/outer.tmp" "$D/outer"
while :; do sleep 0.05; done`

func startStubborn(t *testing.T) (Spec, string) {
	t.Helper()
	dir := t.TempDir()
	return Spec{Command: stubborn, Shell: true, Dir: dir, Env: []string{"D=" + dir}}, dir
}

// pidsOf reads the pids the stubborn tree wrote, once all three are there.
func pidsOf(t *testing.T, dir string) []int {
	t.Helper()
	var pids []int
	for _, name := range []string{"outer", "inner1", "inner2"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("%s never wrote its pid: %v", name, err)
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		pids = append(pids, pid)
	}
	return pids
}

// waitPids waits until the stubborn tree has written all its pids.
func waitPids(dir string) {
	for range 200 {
		all := true
		for _, name := range []string{"outer", "inner1", "inner2"} {
			if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
				all = false
			}
		}
		if all {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// assertGone fails when any pid still names a live process (a zombie
// awaiting its reaper counts as gone).
func assertGone(t *testing.T, pids []int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for _, pid := range pids {
		for alive(pid) {
			if time.Now().After(deadline) {
				t.Fatalf("process %d outlived its command", pid)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// The state follows the command name in parentheses; Z is a zombie.
	s := string(b)
	return !strings.HasPrefix(s[strings.LastIndexByte(s, ')')+1:], " Z")
}

func TestTimeoutKillsATreeThatIgnoresSIGTERM(t *testing.T) {
	spec, dir := startStubborn(t)
	spec.Timeout = 500 * time.Millisecond
	res, err := Run(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || res.Signal != "KILL" {
		t.Fatalf("got %+v", res)
	}
	assertGone(t, pidsOf(t, dir))
}

func TestCancelKillsATreeThatIgnoresSIGTERM(t *testing.T) {
	spec, dir := startStubborn(t)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { waitPids(dir); cancel() }()
	_, err := Run(ctx, spec)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	assertGone(t, pidsOf(t, dir))
}

func TestBackgroundChildDiesWithItsCommand(t *testing.T) {
	dir := t.TempDir()
	began := time.Now()
	res, err := Run(context.Background(), Spec{Command: `sleep 30 & echo $! > "$D/bg"; echo started`, Shell: true, Dir: dir, Env: []string{"D=" + dir}})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("res %+v err %v", res, err)
	}
	if time.Since(began) > 10*time.Second {
		t.Fatalf("the background child held Run for %v", time.Since(began))
	}
	b, _ := os.ReadFile(filepath.Join(dir, "bg"))
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	assertGone(t, []int{pid})
}

func TestKillAllReachesRunningCommands(t *testing.T) {
	spec, dir := startStubborn(t)
	go func() { waitPids(dir); KillAll() }()
	res, err := Run(context.Background(), spec)
	if err != nil || res.Signal != "KILL" {
		t.Fatalf("res %+v err %v", res, err)
	}
	assertGone(t, pidsOf(t, dir))
}

// TestHundredMegabytesStayBounded prints 100 MB and checks that the kept
// output is the cap and the heap did not grow by anything like the output.
func TestHundredMegabytesStayBounded(t *testing.T) {
	if _, err := exec.LookPath("head"); err != nil {
		testbin.SkipOutsideCI(t, "no head(1)")
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err := Run(context.Background(), Spec{Command: "head -c 100000000 /dev/zero | tr '\\0' x", Shell: true, Dir: t.TempDir(), OutputLimit: 64 << 10})
	if err != nil {
		t.Fatal(err)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if res.Stdout.Total != 100000000 || len(res.Stdout.Head)+len(res.Stdout.Tail) != 64<<10 {
		t.Fatalf("total %d kept %d", res.Stdout.Total, len(res.Stdout.Head)+len(res.Stdout.Tail))
	}
	if !strings.Contains(res.Stdout.Text(), "[… 99934464 bytes left out …]") {
		t.Fatalf("no count of what was left out in %q…", res.Stdout.Text()[:100])
	}
	// HeapInuse, not TotalAlloc: copying through a 32 KiB buffer allocates
	// little, and what matters is what stays.
	if grew := int64(after.HeapInuse) - int64(before.HeapInuse); grew > 10<<20 {
		t.Fatalf("heap grew by %d bytes for 100 MB of output", grew)
	}
}
