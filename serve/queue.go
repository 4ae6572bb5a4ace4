package serve

import "sync"

// queue runs jobs one at a time in the order they were put, on a goroutine
// of its own, so one session's requests never overlap while the reader
// goes on reading. It grows without bound rather than block the reader,
// which must stay free to read cancel requests.
type queue struct {
	mu      sync.Mutex
	jobs    []func()
	running bool
}

// put adds a job, starting the worker when it is idle.
func (q *queue) put(job func()) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.jobs = append(q.jobs, job)
	if !q.running {
		q.running = true
		go q.work()
	}
}

func (q *queue) work() {
	for {
		q.mu.Lock()
		if len(q.jobs) == 0 {
			q.running = false
			q.mu.Unlock()
			return
		}
		job := q.jobs[0]
		q.jobs[0] = nil
		q.jobs = q.jobs[1:]
		q.mu.Unlock()
		job()
	}
}
