package main

import (
	"os"
	"sync"
)

// keyWatch stands between the terminal and liner, which reads Ctrl-C as a
// key at the prompt and says only that it came, not whether anything was
// typed since the previous one. It passes every byte on and notes, for
// each Ctrl-C, whether other keys came between it and the Ctrl-C before,
// so two Ctrl-C quit only with nothing typed between them (issue 29).
type keyWatch struct {
	mu sync.Mutex
	// quiet holds, oldest first, one entry per Ctrl-C passed on and not
	// yet asked about: true when no other key came since the Ctrl-C
	// before it.
	quiet []bool
	typed bool // a key other than Ctrl-C came since the last Ctrl-C
}

const ctrlC = 0x03

// watchKeys puts a keyWatch between the terminal on standard input and
// liner, which reads os.Stdin: it must be called before liner.NewLiner.
// liner keeps setting the terminal's mode on file descriptor 0 itself.
// The returned function puts os.Stdin back.
func watchKeys() (*keyWatch, func(), error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	kw := &keyWatch{}
	tty := os.Stdin
	os.Stdin = r
	go kw.pass(tty, w)
	return kw, func() { os.Stdin = tty }, nil
}

// pass copies the terminal's bytes to liner's end, noting the Ctrl-Cs.
func (kw *keyWatch) pass(tty *os.File, w *os.File) {
	defer w.Close()
	buf := make([]byte, 256)
	for {
		n, err := tty.Read(buf)
		kw.note(buf[:n])
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (kw *keyWatch) note(keys []byte) {
	kw.mu.Lock()
	defer kw.mu.Unlock()
	for _, k := range keys {
		if k == ctrlC {
			kw.quiet = append(kw.quiet, !kw.typed)
			kw.typed = false
		} else {
			kw.typed = true
		}
	}
}

// quietCtrlC reports, for the oldest Ctrl-C not yet asked about, whether
// nothing was typed between it and the Ctrl-C before it.
func (kw *keyWatch) quietCtrlC() bool {
	kw.mu.Lock()
	defer kw.mu.Unlock()
	if len(kw.quiet) == 0 {
		return false
	}
	q := kw.quiet[0]
	kw.quiet = kw.quiet[1:]
	return q
}
