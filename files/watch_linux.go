package files

import (
	"errors"
	"path"
	"path/filepath"
	"strings"
	"syscall"
	"unsafe"
)

// watcher tells the capture which directories something changed in since
// it last asked, so a scan reads those directories alone instead of
// lstat-ing every file of the tree. It is inotify: one watch per
// directory of the picture. The kernel queues an event before the call
// that changed a file returns, so once a command's processes have been
// waited for, everything they changed is in the queue.
//
// Not seen: writes through a shared mapping (mmap), and changes made on
// another machine to a network file system. A full walk is taken when the
// queue overflowed or a watch could not be added (the user's watch limit).
type watcher struct {
	fd     int
	root   string
	byWD   map[int32]string // watch → directory, relative to root ("" for root)
	byPath map[string]int32
	buf    []byte
}

const watchMask = syscall.IN_CREATE | syscall.IN_DELETE | syscall.IN_MODIFY | syscall.IN_ATTRIB |
	syscall.IN_MOVED_FROM | syscall.IN_MOVED_TO | syscall.IN_CLOSE_WRITE |
	syscall.IN_DELETE_SELF | syscall.IN_MOVE_SELF | syscall.IN_ONLYDIR | syscall.IN_DONT_FOLLOW

func newWatcher(root string) *watcher {
	fd, err := syscall.InotifyInit1(syscall.IN_NONBLOCK | syscall.IN_CLOEXEC)
	if err != nil {
		return nil
	}
	return &watcher{fd: fd, root: root, byWD: map[int32]string{}, byPath: map[string]int32{}, buf: make([]byte, 64<<10)}
}

// add watches directory rel; an error (ENOSPC: the user's limit) means
// the capture must go back to full walks.
func (w *watcher) add(rel string) error {
	wd, err := syscall.InotifyAddWatch(w.fd, filepath.Join(w.root, filepath.FromSlash(rel)), watchMask)
	if err != nil {
		return err
	}
	w.byWD[int32(wd)] = rel
	w.byPath[rel] = int32(wd)
	return nil
}

// forget stops naming directory rel and those beneath it. Their watches
// are left to the kernel, which ends them when the directories go; a
// directory moved elsewhere in the tree keeps its watch under its new
// name once add is called for it.
func (w *watcher) forget(rel string) {
	for p, wd := range w.byPath {
		if p == rel || strings.HasPrefix(p, rel+"/") || rel == "" {
			delete(w.byPath, p)
			if w.byWD[wd] == p {
				delete(w.byWD, wd)
			}
		}
	}
}

// errOverflow says events were lost: only a full walk can be trusted.
var errOverflow = errors.New("the change queue overflowed")

// dirty reads the events queued since the last call and returns the
// directories they happened in.
func (w *watcher) dirty() (map[string]bool, error) {
	out := map[string]bool{}
	for {
		n, err := syscall.Read(w.fd, w.buf)
		if err == syscall.EAGAIN || n == 0 {
			return out, nil
		}
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, err
		}
		for off := 0; off+syscall.SizeofInotifyEvent <= n; {
			ev := (*syscall.InotifyEvent)(unsafe.Pointer(&w.buf[off]))
			off += syscall.SizeofInotifyEvent + int(ev.Len)
			if ev.Mask&syscall.IN_Q_OVERFLOW != 0 {
				return nil, errOverflow
			}
			rel, ok := w.byWD[ev.Wd]
			if !ok {
				continue
			}
			switch {
			case ev.Mask&syscall.IN_IGNORED != 0:
				delete(w.byWD, ev.Wd)
				if w.byPath[rel] == ev.Wd {
					delete(w.byPath, rel)
				}
				out[parentDir(rel)] = true
			case ev.Mask&(syscall.IN_DELETE_SELF|syscall.IN_MOVE_SELF) != 0:
				if rel == "" {
					return nil, errOverflow
				}
				out[parentDir(rel)] = true
			default:
				out[rel] = true
			}
		}
	}
}

func (w *watcher) close() { syscall.Close(w.fd) }

// parentDir is the directory holding rel, "" for the top.
func parentDir(rel string) string {
	d := path.Dir(rel)
	if d == "." {
		return ""
	}
	return d
}
