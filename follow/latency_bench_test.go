package follow

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/store"
)

// BenchmarkFollowLatency is the follower's latency, write to searchable:
// each op appends one Claude Code line holding a new word to a followed
// transcript and waits until the store's search finds it.
func BenchmarkFollowLatency(b *testing.B) {
	for _, be := range testdb.Backends() {
		b.Run(be.Name, func(b *testing.B) {
			st := be.Open(b)
			dir := b.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan struct{})
			go func() {
				defer close(done)
				Run(ctx, st, Options{Format: "claude-code", Paths: []string{dir}, TitleWait: time.Millisecond})
			}()
			time.Sleep(200 * time.Millisecond) // the watch is set
			id := "b0b0b0b0-0000-4000-8000-000000000000"
			f, err := os.Create(filepath.Join(dir, id+".jsonl"))
			if err != nil {
				b.Fatal(err)
			}
			defer f.Close()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				word := fmt.Sprintf("latencyword%dx", i)
				fmt.Fprintf(f, `{"type":"user","uuid":"u%d","sessionId":%q,"timestamp":"2026-12-05T13:00:00Z","message":{"role":"user","content":"remember %s"}}`+"\n", i, id, word)
				for {
					hits, err := st.Search(ctx, store.SearchQuery{Words: []string{word}, Limit: 1})
					if err != nil {
						b.Fatal(err)
					}
					if len(hits) == 1 {
						break
					}
					time.Sleep(200 * time.Microsecond)
				}
			}
			b.StopTimer()
			cancel()
			<-done
		})
	}
}
