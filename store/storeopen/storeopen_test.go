package storeopen

import (
	"context"
	"path/filepath"
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

func TestTarget(t *testing.T) {
	t.Setenv("NODECODE_DB", "postgres://x")
	if Target("") != "postgres://x" || Target("f.db") != "f.db" {
		t.Error("Target: flag must win over NODECODE_DB")
	}
}
