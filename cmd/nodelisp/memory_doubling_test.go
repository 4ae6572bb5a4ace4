package main

import (
	"bytes"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// doublingStorms are cells that double a result each round through one
// allocation path of the library: a cap that only make-array and its kin
// reserve lets each of them run to gigabytes (issue 29).
var doublingStorms = []struct{ path, cell string }{
	{"concatenate", `(let ((s "ab")) (loop (setf s (concatenate 'string s s))))`},
	{"append", `(let ((l (list 1 2))) (loop (setf l (append l l))))`},
	{"format", `(let ((s "ab")) (loop (setf s (format nil "~a~a" s s))))`},
	{"replace", `(let ((s "ab")) (loop (setf s (replace (make-string (* 2 (length s))) s))))`},
	{"map", `(let ((v (vector 1 2))) (loop (setf v (map 'vector #'identity (concatenate 'vector v v)))))`},
	{"coerce", `(let ((l (list 1 2))) (loop (setf l (coerce (coerce (append l l) 'vector) 'list))))`},
	{"make-string", `(let ((n 2)) (loop (setf n (length (make-string (* 2 n))))))`},
	{"make-array", `(let ((n 2)) (loop (setf n (length (make-array (* 2 n))))))`},
	{"make-list", `(let ((n 2)) (loop (setf n (length (make-list (* 2 n))))))`},
	{"string stream", `(let ((s "ab")) (loop (setf s (with-output-to-string (o) (write-string s o) (write-string s o)))))`},
	{"printer", `(let ((s "ab")) (loop (setf s (prin1-to-string (list s s)))))`},
	// One integer is bounded (lisp.MaxIntegerBits, 2 MiB): the storm
	// doubles how many fresh products of 800 KB each it holds.
	{"bignum arithmetic", `(let ((l (list (expt 3 4000000)))) (loop (setf l (mapcar (lambda (x) (* x 3)) (append l l)))))`},
	{"reader", `(let ((s "(a b)")) (loop (setf s (prin1-to-string (read-from-string (concatenate 'string "(" s " " s ")"))))))`},
}

// capMiB is the cap the storms run under.
const capMiB = 64

// Every storm ends its cell with the memory limit, and the process never
// holds more than three times the cap: measured as the child's peak
// resident size, which no figure inside the process can fake.
func TestMemoryCapHoldsOnEveryAllocationPath(t *testing.T) {
	for _, s := range doublingStorms {
		t.Run(s.path, func(t *testing.T) {
			cmd := exec.Command(bin, "--cell-memory", "64MiB", "-e", s.cell)
			cmd.Env = testEnv(t)
			cmd.Dir = t.TempDir()
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			if err == nil || !strings.Contains(stderr.String(), "memory limit exceeded (64 MiB)") {
				t.Fatalf("err %v, stderr %q, want the memory limit", err, stderr.String())
			}
			peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
			if peak > 3*capMiB<<20 {
				t.Errorf("peak resident size %d MiB, over 3× the %d MiB cap", peak>>20, capMiB)
			}
		})
	}
}

// SIGTERM ends the process within a second at any point of a storm: the
// signal arrives at a few moments of each.
func TestSIGTERMEndsAStormWithinASecond(t *testing.T) {
	for _, s := range doublingStorms[:3] {
		for _, after := range []time.Duration{50 * time.Millisecond, 150 * time.Millisecond} {
			cmd := exec.Command(bin, "--cell-memory", "64MiB", "-e", s.cell)
			cmd.Env = testEnv(t)
			cmd.Dir = t.TempDir()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(after)
			sent := time.Now()
			cmd.Process.Signal(syscall.SIGTERM)
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(10 * time.Second): // the bound is 1 s; 10× for a loaded machine
				cmd.Process.Kill()
				<-done
				t.Fatalf("%s: SIGTERM after %v did not end the process in 10 s", s.path, after)
			}
			if d := time.Since(sent); d > 10*time.Second {
				t.Errorf("%s: ended %v after SIGTERM", s.path, d)
			}
		}
	}
}
