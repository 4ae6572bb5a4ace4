package eval

// The memory cap: how much live memory an image may hold while its cell
// runs.
//
// Go gives no per-goroutine or per-object-graph figure, so the image's use
// is estimated as the process's live heap less the large objects other
// images hold. Large objects (arrays, strings, lists, bignums, hash tables
// of BigAllocation bytes or more) are reserved before they are made, so a
// single huge request is refused before it can exhaust the machine, and
// their bytes are booked to the image that made them until the collector
// frees them (runtime.AddCleanup). Everything else (conses, small strings)
// shows in the heap figure, which a watcher goroutine samples every
// millisecond while cells run and the evaluator's periodic step check
// compares with the cap (a sample costs about 2µs, too much for every
// check).
// When the figure is over the cap, a collection confirms it before the cell
// is stopped, so garbage never ends a cell.
//
// In a process that runs one image (the REPL, a script) the estimate is the
// image's live heap plus the host's few megabytes. In serve, where sessions
// share one heap, small objects another image retains count against the
// image that is running when the heap is sampled; docs/performance.md
// records this approximation.

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nodelisp/nodelisp/lisp"
)

// BigAllocation is the size, in bytes, from which a builtin reserves an
// allocation with Thread.Reserve before making it.
const BigAllocation = 64 << 10

// heapWatchPeriod is how often the watcher samples the heap while cells
// run: at a few GB/s of allocation a cell overshoots by a few MB at most.
const heapWatchPeriod = time.Millisecond

// heapWatch is the watcher: objects is its latest sample of the bytes of
// heap objects, running the number of cells that need it.
var heapWatch struct {
	mu      sync.Mutex
	running int
	stop    chan struct{}
	objects atomic.Int64
}

// watchHeap keeps the watcher running until the returned function is
// called; cells call it as they start.
func watchHeap() (done func()) {
	heapWatch.mu.Lock()
	defer heapWatch.mu.Unlock()
	if heapWatch.running++; heapWatch.running == 1 {
		_, objects := heapSample()
		heapWatch.objects.Store(objects)
		stop := make(chan struct{})
		heapWatch.stop = stop
		go func() {
			tick := time.NewTicker(heapWatchPeriod)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					_, objects := heapSample()
					heapWatch.objects.Store(objects)
				}
			}
		}()
	}
	return func() {
		heapWatch.mu.Lock()
		defer heapWatch.mu.Unlock()
		if heapWatch.running--; heapWatch.running == 0 {
			close(heapWatch.stop)
		}
	}
}

// ledger books the large objects one image holds.
type ledger struct {
	held atomic.Int64
}

// heldByAll is the sum of every image's ledger.
var heldByAll atomic.Int64

func (l *ledger) add(n int64) {
	l.held.Add(n)
	heldByAll.Add(n)
}

// heapSample reads the live heap as of the last collection and the bytes
// of heap objects now, garbage included.
func heapSample() (live, objects int64) {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()), int64(s[1].Value.Uint64())
}

// collect runs a full collection and lets the cleanups it queued credit
// the ledgers, so the figures after it hold only what is reachable.
var collectMu sync.Mutex

func collect() {
	collectMu.Lock()
	defer collectMu.Unlock()
	runtime.GC()
	runtime.Gosched()
}

// imageUse estimates the bytes the thread's image holds: the heap (live
// when confirmed, else every object not yet swept) less what other images
// hold.
func (t *Thread) imageUse(heap int64) int64 {
	others := heldByAll.Load() - t.in.ledger.held.Load()
	return heap - max(others, 0)
}

// Reserve is called by a builtin before it makes an object of about bytes
// bytes; what names the allocation for the error ("make-array of 16000000
// elements"). Past the image's memory cap the cell ends with an
// evaluation-limit condition. Requests under BigAllocation cost a compare.
// After making the object, the builtin books it with Hold.
func (t *Thread) Reserve(bytes int64, what string) {
	if bytes < BigAllocation || t == nil {
		return
	}
	limit := t.in.limits.MaxMemory
	if bytes > limit {
		t.memoryExceeded(what, bytes, 0)
	}
	_, objects := heapSample()
	if t.imageUse(objects)+bytes <= max(limit, t.memoryFloor) {
		return
	}
	if use := t.confirmMemory(); use+bytes > limit {
		t.memoryExceeded(what, bytes, use)
	}
}

// ReserveText is Reserve for text about to grow to bytes bytes: a string
// stream's buffer, the printer's output, what `run` collects from a
// command. It is the small call a writer of growing text makes before it
// grows; under BigAllocation it costs a compare.
func (t *Thread) ReserveText(bytes int64) {
	if bytes >= BigAllocation {
		t.Reserve(bytes, fmt.Sprintf("text of %d bytes", bytes))
	}
}

// NewStringStream is a string output stream whose growth is reserved
// against the image's memory cap.
func (t *Thread) NewStringStream() *lisp.Stream {
	s := lisp.NewStringStream()
	s.Reserve = t.ReserveText
	return s
}

// confirmMemory collects and returns the image's use as the collection
// leaves it. The next collection waits until the heap has grown by a
// sixteenth of the cap, so an image just under its cap costs one
// collection per sixteenth rather than one per check (it may overshoot
// the cap by that much before it is stopped).
func (t *Thread) confirmMemory() int64 {
	collect()
	live, objects := heapSample()
	heapWatch.objects.Store(objects)
	use := t.imageUse(live)
	t.memoryFloor = use + max(t.in.limits.MaxMemory/16, 1<<20)
	return use
}

// Hold books an object of bytes bytes, which p points into the start of,
// to the thread's image until the collector frees it. Objects under
// BigAllocation are not booked.
func Hold[T any](t *Thread, p *T, bytes int64) {
	if bytes < BigAllocation || p == nil || t == nil {
		return
	}
	l := t.in.ledger
	l.add(bytes)
	runtime.AddCleanup(p, func(n int64) { l.add(-n) }, bytes)
}

// checkMemory is the periodic part of the cap: it ends the cell when the
// watcher's sample puts the image over the cap and a collection confirms
// it.
func (t *Thread) checkMemory() {
	limit := t.in.limits.MaxMemory
	if t.imageUse(heapWatch.objects.Load()) <= max(limit, t.memoryFloor) {
		return
	}
	if use := t.confirmMemory(); use > limit {
		t.memoryExceeded("", 0, use)
	}
}

func (t *Thread) memoryExceeded(what string, bytes, use int64) {
	t.overMemory = true
	limit := t.in.limits.MaxMemory
	switch {
	case what == "":
		limitError(fmt.Sprintf("memory limit exceeded (%s): the image holds %s", sizeText(limit), sizeText(use)))
	case use == 0:
		limitError(fmt.Sprintf("memory limit exceeded (%s): %s needs %s", sizeText(limit), what, sizeText(bytes)))
	default:
		limitError(fmt.Sprintf("memory limit exceeded (%s): %s needs %s and the image holds %s", sizeText(limit), what, sizeText(bytes), sizeText(use)))
	}
}

// sizeText writes a byte count the way a person reads it: 256 MiB, 1.5 GiB.
func sizeText(n int64) string {
	const (
		kib = 1 << 10
		mib = 1 << 20
		gib = 1 << 30
	)
	switch {
	case n >= gib:
		return trimUnit(float64(n)/gib, "GiB")
	case n >= mib:
		return trimUnit(float64(n)/mib, "MiB")
	case n >= kib:
		return trimUnit(float64(n)/kib, "KiB")
	}
	return fmt.Sprintf("%d bytes", n)
}

func trimUnit(x float64, unit string) string {
	if x == float64(int64(x)) {
		return fmt.Sprintf("%d %s", int64(x), unit)
	}
	return fmt.Sprintf("%.1f %s", x, unit)
}

// releaseMemory gives the memory a stopped storm left behind back to the
// system, so the process's resident size falls back near what the images
// hold; it runs after a cell the cap ended, when the storm is garbage.
func releaseMemory() {
	collectMu.Lock()
	defer collectMu.Unlock()
	debug.FreeOSMemory()
}
