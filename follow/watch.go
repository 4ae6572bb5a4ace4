package follow

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/fsnotify/fsnotify"
	"golang.org/x/sys/unix"
)

// root is one path given to follow: a folder, followed with every folder
// under it, or one file.
type root struct {
	path string // absolute
	file bool   // a file, watched through its folder
	// poll says the root is polled; why says why, for the user.
	poll bool
	why  string
}

// networkFS names the filesystems whose changes made on another machine
// inotify never hears of, by statfs magic number.
var networkFS = map[int64]string{
	0x6969:     "NFS",
	0x517b:     "SMB",
	0xff534d42: "CIFS",
	0xfe534d42: "SMB2",
	0x65735546: "FUSE",
	0x01021997: "9P",
	0x00c36400: "Ceph",
	0x5346414f: "AFS",
}

// remote names the network filesystem dir is on, or "" for a local one.
func remote(dir string) string {
	var st unix.Statfs_t
	if unix.Statfs(dir, &st) != nil {
		return ""
	}
	return networkFS[int64(st.Type)] //nolint:unconvert // Type's width differs between platforms
}

// watchTree adds dir and every folder under it to w.
func watchTree(w *fsnotify.Watcher, dir string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && path != dir {
				return nil // gone while we walked
			}
			return err
		}
		if d.IsDir() {
			return w.Add(path)
		}
		return nil
	})
}

// transcripts lists the .jsonl files under dir, or dir itself when it is
// one file.
func transcripts(dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && isTranscript(path) {
			out = append(out, path)
		}
		return nil
	})
	return out
}

func isTranscript(path string) bool { return strings.HasSuffix(path, ".jsonl") }

// within reports whether path is the root or under it.
func (r root) within(path string) bool {
	if r.file {
		return path == r.path
	}
	return path == r.path || strings.HasPrefix(path, r.path+string(os.PathSeparator))
}
