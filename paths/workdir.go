package paths

import (
	"fmt"
	"os"
	"path/filepath"
)

// Workdir is the absolute directory the file verbs are confined to: dir
// (--workdir, serve's workdir param), else the current directory. It must
// be a directory. Every front end resolves the working directory here.
func Workdir(dir string) (string, error) {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("workdir %s: %w", dir, err)
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("workdir %s is not a directory", dir)
	}
	return abs, nil
}
