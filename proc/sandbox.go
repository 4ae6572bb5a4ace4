package proc

import (
	"errors"
	"os/exec"
)

// Bwrap is the program the sandbox runs commands under: Debian's
// bubblewrap.
const Bwrap = "bwrap"

// ErrNoSandbox is the start-up refusal of a sandbox that cannot be had.
var ErrNoSandbox = errors.New("--sandbox needs bubblewrap (bwrap), which is not installed (Debian: apt-get install bubblewrap); nodelisp will not run commands unsandboxed when a sandbox was asked for")

// CheckSandbox reports whether commands can be sandboxed here: bubblewrap
// is on PATH and can make a sandbox (it cannot where user namespaces are
// off). A host asked for a sandbox calls it at start and refuses to start
// without one.
func CheckSandbox() error {
	path, err := exec.LookPath(Bwrap)
	if err != nil {
		return ErrNoSandbox
	}
	out, err := exec.Command(path, append(sandboxFlags("/"), "/bin/true")...).CombinedOutput()
	if err != nil {
		return errors.New("--sandbox: bubblewrap cannot make a sandbox here: " + string(out) + err.Error())
	}
	return nil
}

// sandboxArgv wraps argv in bubblewrap: the whole file system read-only,
// dir (the working directory) writable, a private /tmp, /dev and /proc,
// no network and its own process ids, and the sandbox dies with the host.
func sandboxArgv(dir string, argv []string) ([]string, error) {
	path, err := exec.LookPath(Bwrap)
	if err != nil {
		return nil, ErrNoSandbox
	}
	return append(append([]string{path}, sandboxFlags(dir)...), argv...), nil
}

func sandboxFlags(dir string) []string {
	return []string{
		"--ro-bind", "/", "/",
		"--dev", "/dev",
		"--proc", "/proc",
		"--tmpfs", "/tmp",
		"--bind", dir, dir,
		"--chdir", dir,
		"--unshare-net",
		"--unshare-pid",
		"--die-with-parent",
		"--new-session",
		"--",
	}
}
