package gen

import (
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/store"
)

func TestLogsAreStorableAndRareWordCounted(t *testing.T) {
	logs := Logs(Config{Sessions: 2, Events: 100, RareWord: "zyzzyva", RareEvery: 50, Seed: 1})
	if _, err := store.CheckLogs(logs, func(string) (bool, error) { return false, nil }); err != nil {
		t.Fatal(err)
	}
	rare := 0
	for _, l := range logs {
		for _, e := range l.Events {
			if strings.Contains(string(e.Payload), "zyzzyva") {
				rare++
			}
		}
	}
	if rare != 4 {
		t.Errorf("%d rare payloads, want 4", rare)
	}
	if a, b := Logs(Config{Sessions: 1, Events: 3, Seed: 7}), Logs(Config{Sessions: 1, Events: 3, Seed: 7}); string(a[0].Events[2].Payload) != string(b[0].Events[2].Payload) {
		t.Error("same seed gave different payloads")
	}
}
