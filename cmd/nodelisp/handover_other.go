//go:build !unix

package main

import (
	"os"
	"os/exec"
)

// replaceProcess runs the host as a child with this process's standard
// streams and exits with its status: without exec, this is the closest.
func replaceProcess(host string, args []string) error {
	child := exec.Command(host, args...)
	child.Stdin, child.Stdout, child.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := child.Run()
	if exit, ok := err.(*exec.ExitError); ok {
		os.Exit(exit.ExitCode())
	}
	if err == nil {
		os.Exit(0)
	}
	return err
}

func exitStatus(exit *exec.ExitError) int { return exit.ExitCode() }
