package storeopen

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/store/sqlite"
)

func TestOpenDefaultFile(t *testing.T) {
	home := filepath.Join(t.TempDir(), "home")
	s, err := Open(context.Background(), "", home)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := s.(*sqlite.Store).Path(); got != filepath.Join(home, DefaultFile) {
		t.Errorf("default store at %s", got)
	}
}

func TestOpenInMissingDirectorySaysSo(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no", "such", "dir", "log.db")
	_, err := Open(context.Background(), missing, "")
	if err == nil || !strings.Contains(err.Error(), "no such file or directory") || !strings.Contains(err.Error(), "directory") {
		t.Fatalf("got %v, want an error naming the missing directory", err)
	}
}
