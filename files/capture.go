package files

import (
	"context"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"
)

// Capture tells what a command changed in the working directory. Before
// the command, Scan brings its picture of the directory up to date; after
// it, Changes scans again and returns every file created, modified
// (contents or permission bits) or deleted, with the contents before and
// after.
//
// The picture is kept between commands and a scan reads only what may
// have changed. On Linux the directories are watched (watch_linux.go), so
// a scan lists only the directories something happened in since the last
// one; elsewhere, or when the watch is lost, it walks the tree and
// compares each file's size, modification and change times, inode and
// mode with the picture's. Either way a file is read and hashed only when
// its stat differs.
//
// The contents before a change must come from somewhere once the command
// has overwritten the file: Capture keeps a copy of every text file within
// the limit in a mirror (capture_pack.go), one per distinct content.
// Binary files and files over the limit are not copied, only hashed: their
// changes are known by hash, and cannot be put back.
//
// Left out: .git/ (a repository's own history), the paths a
// .nodelispignore names, symbolic links (never followed, so a capture
// cannot be led out of the directory), anything but regular files and
// directories, the file verbs' temporary files, and the mirror itself.
// A Capture is not safe for concurrent use.
type Capture struct {
	d      *Dir
	mirror string
	pack   *pack
	known  map[string]entry
	dirs   map[string]bool // the directories of the picture, "" the top
	w      *watcher        // nil: every scan walks the tree
	// walked is set once a full walk made the picture; until then, and
	// after the watch lost events, the next scan walks.
	walked bool
	ignore string // the .nodelispignore the picture was made under

	// MaxChanges caps the changes one Changes returns; past it the
	// changed files are counted, not returned (0 is DefaultMaxChanges).
	MaxChanges int
	// MaxChangeBytes caps the text the returned changes carry, before and
	// after together; past it the rest are counted (0 is
	// DefaultMaxChangeBytes).
	MaxChangeBytes int64
}

// DefaultMaxChanges and DefaultMaxChangeBytes bound what one command's
// changes cost the log and the host's memory: a command that makes a
// million files yields this many changes and a count of the rest.
const (
	DefaultMaxChanges     = 10000
	DefaultMaxChangeBytes = 64 << 20
)

// entry is what a scan saw of one file: 80 bytes a file.
type entry struct {
	size         int64
	mtime, ctime int64 // nanoseconds
	ino          uint64
	mode         fs.FileMode
	sum          [32]byte
	text         bool // within the limit and text: a copy is in the mirror
	racy         bool // changed so near the scan that a change in the same tick would look the same
}

// racyWindow is how close to a scan a file's change time must be for the
// next full walk to hash it even when its stat looks the same: file
// systems keep times in ticks, and a command could rewrite a file (same
// size) within the tick of the scan before it.
const racyWindow = 2 * time.Second

// Version is one side of a change: a file as it was or is.
type Version struct {
	// Text is the contents; nil when they are not carried (a binary file
	// or one over the limit), and then only Sum says what they were.
	Text *string
	Sum  string // hex SHA-256 of the contents
	Size int64
	Mode fs.FileMode // permission bits
}

// Change is one file a command changed. Before is nil for a file it
// created, After nil for one it deleted.
type Change struct {
	Path          string // relative to the working directory, slash-separated
	Before, After *Version
}

// NewCapture watches d, keeping copies in mirror, a directory the caller
// owns (created if missing) outside d or inside it (it is left out).
func (d *Dir) NewCapture(mirror string) (*Capture, error) {
	if err := os.MkdirAll(mirror, 0o700); err != nil {
		return nil, fmt.Errorf("capture mirror %s: %w", mirror, err)
	}
	abs, err := filepath.Abs(mirror)
	if err != nil {
		return nil, err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	p, err := openPack(abs)
	if err != nil {
		return nil, err
	}
	return &Capture{d: d, mirror: abs, pack: p, known: map[string]entry{}, dirs: map[string]bool{}, w: newWatcher(d.real)}, nil
}

// Files is how many files the picture holds.
func (c *Capture) Files() int { return len(c.known) }

// Scan brings the picture up to date before a command: what changed since
// the last scan (the file verbs, undo, another program) is read again, not
// reported.
func (c *Capture) Scan(ctx context.Context) error {
	p := c.newPass(ctx, false)
	err := p.run()
	c.release(p.released)
	if err == nil {
		err = c.pack.compact()
	}
	return err
}

// Changes scans after a command and returns what changed since Scan,
// sorted by path, and how many more files changed past MaxChanges or
// MaxChangeBytes (those are not returned); the picture is then the
// directory as it is now.
func (c *Capture) Changes(ctx context.Context) (changes []Change, more int, err error) {
	p := c.newPass(ctx, true)
	err = p.run()
	// The old contents' copies go once the changes carry them.
	defer c.release(p.released)
	if err != nil {
		return nil, 0, err
	}
	sort.Slice(p.touched, func(i, j int) bool { return p.touched[i].rel < p.touched[j].rel })
	maxN, maxBytes := c.MaxChanges, c.MaxChangeBytes
	if maxN <= 0 {
		maxN = DefaultMaxChanges
	}
	if maxBytes <= 0 {
		maxBytes = DefaultMaxChangeBytes
	}
	var carried int64
	more = p.more
	for _, t := range p.touched {
		now, has := c.known[t.rel]
		if !t.had && !has || t.had && has && t.old.sum == now.sum && t.old.mode.Perm() == now.mode.Perm() {
			// Made and gone again, or put back as it was.
			continue
		}
		if len(changes) >= maxN || carried >= maxBytes {
			more++
			continue
		}
		ch := Change{Path: t.rel}
		if t.had {
			if ch.Before, err = c.version(t.old); err != nil {
				return nil, 0, err
			}
			carried += t.old.textSize()
		}
		if has {
			if ch.After, err = c.version(now); err != nil {
				return nil, 0, err
			}
			carried += now.textSize()
		}
		changes = append(changes, ch)
	}
	return changes, more, nil
}

// textSize is what a version of e carries in the log.
func (e entry) textSize() int64 {
	if e.text {
		return e.size
	}
	return 0
}

// Close stops watching and removes the mirror.
func (c *Capture) Close() error {
	if c.w != nil {
		c.w.close()
		c.w = nil
	}
	c.pack.close()
	return os.RemoveAll(c.mirror)
}

// release drops the mirror references of entries no longer in the picture.
func (c *Capture) release(es []entry) {
	for _, e := range es {
		if e.text {
			c.pack.drop(e.sum)
		}
	}
}

// version reads one side of a change back: the text from the mirror when
// it was kept.
func (c *Capture) version(e entry) (*Version, error) {
	v := &Version{Sum: hex.EncodeToString(e.sum[:]), Size: e.size, Mode: e.mode.Perm()}
	if e.text {
		data, err := c.pack.read(e.sum)
		if err != nil {
			return nil, err
		}
		text := string(data)
		v.Text = &text
		v.Size = int64(len(data))
	}
	return v, nil
}
