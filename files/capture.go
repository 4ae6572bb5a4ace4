package files

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"syscall"
	"time"
)

// Capture tells what a command changed in the working directory. Before
// the command, Scan brings its picture of the directory up to date; after
// it, Changes scans again and returns every file created, modified
// (contents or permission bits) or deleted, with the contents before and
// after. The picture is kept between commands, so a scan reads only the
// files whose size, modification or change time, inode or mode differ
// from what it last saw; everything else costs one lstat.
//
// The contents before a change must come from somewhere once the command
// has overwritten the file: Capture keeps a copy of every text file within
// the limit in a mirror directory, one file per distinct content, named by
// its SHA-256. Binary files and files over the limit are not copied, only
// hashed: their changes are known by hash, and cannot be put back.
//
// Left out: .git/ (a repository's own history), the paths a
// .nodelispignore names, symbolic links (never followed, so a capture
// cannot be led out of the directory), anything but regular files and
// directories, the file verbs' temporary files, and the mirror itself.
// A Capture is not safe for concurrent use.
type Capture struct {
	d      *Dir
	mirror string
	known  map[string]entry
	refs   map[[32]byte]int // how many known files hold each mirrored content
}

// entry is what a scan saw of one file.
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
// next scan to hash it even when its stat looks the same: file systems
// keep times in ticks, and a command could rewrite a file (same size)
// within the tick of the scan before it.
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
	return &Capture{d: d, mirror: abs, known: map[string]entry{}, refs: map[[32]byte]int{}}, nil
}

// Files is how many files the picture holds.
func (c *Capture) Files() int { return len(c.known) }

// Scan brings the picture up to date before a command: what changed since
// the last scan (the file verbs, undo, another program) is read again, not
// reported.
func (c *Capture) Scan(ctx context.Context) error {
	_, released, err := c.walk(ctx)
	c.release(released)
	return err
}

// Changes scans after a command and returns what changed since Scan,
// sorted by path; the picture is then the directory as it is now.
func (c *Capture) Changes(ctx context.Context) ([]Change, error) {
	before := make(map[string]entry, len(c.known))
	for k, v := range c.known {
		before[k] = v
	}
	touched, released, err := c.walk(ctx)
	// The old contents' copies go once the changes carry them.
	defer c.release(released)
	if err != nil {
		return nil, err
	}
	var out []Change
	for _, rel := range touched {
		old, had := before[rel]
		now, has := c.known[rel]
		switch {
		case had && has && old.sum == now.sum && old.mode.Perm() == now.mode.Perm():
			continue
		}
		ch := Change{Path: rel}
		var err error
		if had {
			if ch.Before, err = c.version(old); err != nil {
				return nil, err
			}
		}
		if has {
			if ch.After, err = c.version(now); err != nil {
				return nil, err
			}
		}
		out = append(out, ch)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// Close removes the mirror.
func (c *Capture) Close() error { return os.RemoveAll(c.mirror) }

// walk scans the directory, updating the picture, and returns the paths
// whose contents or mode it found changed or gone, and the entries it
// replaced, whose mirror copies the caller releases once it has read them.
func (c *Capture) walk(ctx context.Context) (touched []string, released []entry, err error) {
	start := time.Now()
	ig := loadIgnore(c.d.real)
	seen := make(map[string]bool, len(c.known))
	n := 0
	err = filepath.WalkDir(c.d.real, func(p string, de fs.DirEntry, err error) error {
		if n++; n%256 == 1 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err != nil {
			if p == c.d.real {
				return err
			}
			// A directory that vanished or cannot be read mid-walk: what
			// it held is taken as gone.
			return nil
		}
		if p == c.d.real {
			return nil
		}
		rel, _ := filepath.Rel(c.d.real, p)
		rel = filepath.ToSlash(rel)
		if de.IsDir() {
			if de.Name() == ".git" || p == c.mirror || ig.match(rel, true) {
				return filepath.SkipDir
			}
			return nil
		}
		if !de.Type().IsRegular() || tempName.MatchString(de.Name()) || ig.match(rel, false) {
			return nil
		}
		info, err := de.Info()
		if err != nil {
			return nil
		}
		seen[rel] = true
		old, had := c.known[rel]
		e := statEntry(info)
		if had && !old.racy && old.size == e.size && old.mtime == e.mtime && old.ctime == e.ctime && old.ino == e.ino && old.mode == e.mode {
			return nil
		}
		if err := c.read(p, &e); err != nil {
			// Gone between the walk and the read, or unreadable: left out.
			return nil
		}
		e.racy = time.Unix(0, e.ctime).After(start.Add(-racyWindow))
		c.known[rel] = e
		if had {
			released = append(released, old)
			if old.sum == e.sum && old.mode.Perm() == e.mode.Perm() {
				return nil
			}
		}
		touched = append(touched, rel)
		return nil
	})
	if err != nil {
		return touched, released, fmt.Errorf("scan %s: %w", c.d.given, err)
	}
	for rel, e := range c.known {
		if !seen[rel] {
			delete(c.known, rel)
			touched = append(touched, rel)
			released = append(released, e)
		}
	}
	return touched, released, nil
}

// statEntry is what an lstat says of a file, before it is read.
func statEntry(info fs.FileInfo) entry {
	e := entry{size: info.Size(), mtime: info.ModTime().UnixNano(), mode: info.Mode()}
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		e.ino = uint64(st.Ino)
		e.ctime = ctimeOf(st)
	}
	return e
}

// read hashes file p into e and, when it is text within the limit, keeps
// a copy in the mirror (one per distinct content) and takes a reference
// on it. It never follows a link: p was a regular file when walked, and
// is opened with O_NOFOLLOW in case a link was swapped in since.
func (c *Capture) read(p string, e *entry) error {
	f, err := os.OpenFile(p, os.O_RDONLY|openNonblock|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return errors.New("not a regular file")
	}
	if info.Size() > c.d.limit {
		h := sha256.New()
		if _, err := io.Copy(h, f); err != nil {
			return err
		}
		copy(e.sum[:], h.Sum(nil))
		return nil
	}
	data, err := io.ReadAll(io.LimitReader(f, c.d.limit+1))
	if err != nil {
		return err
	}
	e.sum = sha256.Sum256(data)
	if int64(len(data)) > c.d.limit || checkText("", "", data) != nil {
		return nil
	}
	e.text = true
	if c.refs[e.sum]++; c.refs[e.sum] == 1 {
		blob := filepath.Join(c.mirror, hex.EncodeToString(e.sum[:]))
		if err := os.WriteFile(blob, data, 0o600); err != nil {
			c.refs[e.sum]--
			return fmt.Errorf("capture mirror: %w", err)
		}
	}
	return nil
}

// release drops the mirror references of entries no longer in the picture,
// removing copies no file holds any more.
func (c *Capture) release(es []entry) {
	for _, e := range es {
		if !e.text {
			continue
		}
		if c.refs[e.sum]--; c.refs[e.sum] <= 0 {
			delete(c.refs, e.sum)
			os.Remove(filepath.Join(c.mirror, hex.EncodeToString(e.sum[:])))
		}
	}
}

// version reads one side of a change back: the text from the mirror when
// it was kept.
func (c *Capture) version(e entry) (*Version, error) {
	v := &Version{Sum: hex.EncodeToString(e.sum[:]), Size: e.size, Mode: e.mode.Perm()}
	if e.text {
		data, err := os.ReadFile(filepath.Join(c.mirror, v.Sum))
		if err != nil {
			return nil, fmt.Errorf("capture mirror: %w", err)
		}
		text := string(data)
		v.Text = &text
		v.Size = int64(len(data))
	}
	return v, nil
}
