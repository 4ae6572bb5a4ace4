package main

import (
	"bufio"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// hostName is the file name of the host binary.
var hostName = "nodelisp-host" + exeSuffix()

// findHost returns the path of the nodelisp-host to hand over to. It
// looks, in order:
//
//  1. at $NODECODE_HOST_BIN;
//  2. beside this binary (make build, go install ./cmd/... and a release
//     put the two there);
//  3. in a nodelisp source checkout holding the working directory, where
//     it builds one with the Go toolchain into the user's cache — which is
//     how `go run ./cmd/nodelisp` starts the REPL;
//  4. on $PATH.
func findHost(stderr io.Writer) (string, error) {
	if p := os.Getenv("NODECODE_HOST_BIN"); p != "" {
		return p, nil
	}
	if exe, err := os.Executable(); err == nil {
		if exe, err = filepath.EvalSymlinks(exe); err == nil {
			p := filepath.Join(filepath.Dir(exe), hostName)
			if isFile(p) {
				return p, nil
			}
		}
	}
	if root := checkoutRoot(); root != "" {
		if gobin, err := exec.LookPath("go"); err == nil {
			return buildHost(gobin, root, stderr)
		}
	}
	if p, err := exec.LookPath(hostName); err == nil {
		return p, nil
	}
	return "", errors.New(hostName + " is not beside this binary nor on $PATH, and it is needed for the REPL, the log and serve: " +
		"build both with `make build` or `go install ./cmd/...` from the source, or set $NODECODE_HOST_BIN")
}

// modulePath is the module whose checkout can build the host.
const modulePath = "github.com/nodelisp/nodelisp"

// checkoutRoot returns the directory of the nodelisp go.mod that holds the
// working directory, or "".
func checkoutRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if declaresModule(filepath.Join(dir, "go.mod")) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// declaresModule reports whether the go.mod at path is nodelisp's.
func declaresModule(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); strings.HasPrefix(line, "module ") {
			return strings.Trim(strings.TrimSpace(strings.TrimPrefix(line, "module")), `"`) == modulePath
		}
	}
	return false
}

// buildHost installs the checkout's nodelisp-host into a cache directory
// of its own. go install relinks only when the source changed, so after
// the first time this costs the toolchain's check of the build, a few
// hundred milliseconds.
func buildHost(gobin, root string, stderr io.Writer) (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	h := fnv.New64a()
	h.Write([]byte(root))
	dir := filepath.Join(cache, "nodelisp", fmt.Sprintf("checkout-%016x", h.Sum64()))
	target := filepath.Join(dir, hostName)
	if !isFile(target) {
		fmt.Fprintf(stderr, "nodelisp: building %s from %s into %s (once; later runs only check it)\n", hostName, root, dir)
	}
	install := exec.Command(gobin, "install", "./cmd/nodelisp-host")
	install.Dir = root
	install.Env = append(os.Environ(), "GOBIN="+dir)
	install.Stdout, install.Stderr = stderr, stderr
	if err := install.Run(); err != nil {
		return "", fmt.Errorf("building %s in %s: %w", hostName, root, err)
	}
	return target, nil
}

func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}
