package files

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

// pass is one scan: it brings the picture up to date and, for Changes,
// notes each file whose contents or mode it found changed, with what the
// picture held before.
type pass struct {
	c      *Capture
	ctx    context.Context
	start  time.Time
	ig     *ignore
	report bool // note the changes (Changes); Scan only updates
	limit  int  // changes noted before the rest are only counted

	touched  []touch
	index    map[string]bool // paths in touched
	more     int             // changed past limit: counted, not noted
	released []entry         // replaced entries whose copies go after the pass
	n        int
	kids     *kids
}

// touch is a path a pass found changed, with the entry it had before.
type touch struct {
	rel string
	old entry
	had bool
}

func (c *Capture) newPass(ctx context.Context, report bool) *pass {
	limit := c.MaxChanges
	if limit <= 0 {
		limit = DefaultMaxChanges
	}
	return &pass{c: c, ctx: ctx, start: time.Now(), report: report, limit: limit, index: map[string]bool{}}
}

// run scans: the directories the watch says changed, else the whole tree.
func (p *pass) run() error {
	c := p.c
	data, _ := os.ReadFile(filepath.Join(c.d.real, IgnoreFile))
	if string(data) != c.ignore {
		// Other patterns make another picture: walk.
		c.ignore, c.walked = string(data), false
	}
	p.ig = parseIgnore(data)
	if c.w != nil && c.walked {
		dirty, err := c.w.dirty()
		if err == nil {
			names := make([]string, 0, len(dirty))
			for d := range dirty {
				names = append(names, d)
			}
			// Parents first: a parent's listing may drop or add a child.
			sort.Strings(names)
			for _, d := range names {
				if !c.dirs[d] {
					continue
				}
				if err := p.dir(d); err != nil {
					return fmt.Errorf("scan %s: %w", c.d.given, err)
				}
			}
			return nil
		}
	}
	if c.w != nil {
		// Events queued before the walk are covered by it; those during
		// it are kept for the next scan.
		c.w.dirty()
		c.w.forget("")
	}
	c.walked = false
	if err := p.tree("", false); err != nil {
		return fmt.Errorf("scan %s: %w", c.d.given, err)
	}
	c.walked = true
	return nil
}

// abs is rel as a path on disk.
func (p *pass) abs(rel string) string {
	if rel == "" {
		return p.c.d.real
	}
	return filepath.Join(p.c.d.real, filepath.FromSlash(rel))
}

func join(dir, name string) string {
	if dir == "" {
		return name
	}
	return dir + "/" + name
}

// tick counts work and checks for cancellation now and then.
func (p *pass) tick() error {
	if p.n++; p.n%256 == 1 {
		return p.ctx.Err()
	}
	return nil
}

// skipDir reports whether directory rel (named name) is left out.
func (p *pass) skipDir(rel, name, abs string) bool {
	return name == ".git" || abs == p.c.mirror || p.ig.match(rel, true)
}

// skipFile reports whether a non-directory entry is left out.
func (p *pass) skipFile(rel string, de fs.DirEntry) bool {
	return !de.Type().IsRegular() || tempName.MatchString(de.Name()) || p.ig.match(rel, false)
}

// tree walks directory top and everything beneath it. fresh says the
// picture knows nothing beneath it, so nothing there can have gone.
func (p *pass) tree(top string, fresh bool) error {
	c := p.c
	root := p.abs(top)
	seen := map[string]bool{}
	seenDirs := map[string]bool{}
	err := filepath.WalkDir(root, func(abs string, de fs.DirEntry, err error) error {
		if err := p.tick(); err != nil {
			return err
		}
		if err != nil {
			if abs == root && top == "" {
				return err
			}
			// A directory that vanished or cannot be read mid-walk: what
			// it held is taken as gone.
			return nil
		}
		rel := top
		if abs != root {
			r, _ := filepath.Rel(c.d.real, abs)
			rel = filepath.ToSlash(r)
		}
		if de.IsDir() {
			if abs != root && p.skipDir(rel, de.Name(), abs) {
				return filepath.SkipDir
			}
			seenDirs[rel] = true
			c.dirs[rel] = true
			p.watch(rel)
			return nil
		}
		if p.skipFile(rel, de) {
			return nil
		}
		info, err := de.Info()
		if err != nil {
			return nil
		}
		seen[rel] = true
		return p.file(rel, abs, info)
	})
	if err != nil {
		return err
	}
	if fresh {
		return nil
	}
	for rel, e := range c.known {
		if beneath(rel, top) && !seen[rel] {
			p.gone(rel, e)
		}
	}
	for d := range c.dirs {
		if beneath(d, top) && !seenDirs[d] {
			delete(c.dirs, d)
		}
	}
	return nil
}

// beneath reports whether rel is top or beneath it.
func beneath(rel, top string) bool {
	return top == "" || rel == top || strings.HasPrefix(rel, top+"/")
}

// watch asks the watcher to report changes in directory rel; when it
// cannot (the user's watch limit), every scan walks from now on.
func (p *pass) watch(rel string) {
	if p.c.w == nil {
		return
	}
	if err := p.c.w.add(rel); err != nil {
		p.c.w.close()
		p.c.w = nil
	}
}

// dir lists directory rel again, the watch having said something in it
// changed: its files are compared with the picture, new directories are
// walked, and what is gone leaves the picture.
func (p *pass) dir(rel string) error {
	c := p.c
	abs := p.abs(rel)
	// Lstat first: a directory replaced by a link must not be listed
	// through it.
	info, err := os.Lstat(abs)
	var des []os.DirEntry
	if err == nil && info.IsDir() {
		des, err = os.ReadDir(abs)
	}
	if err != nil || !info.IsDir() {
		if rel == "" {
			return fmt.Errorf("the working directory: %v", err)
		}
		p.dropTree(rel)
		return nil
	}
	files := make(map[string]bool, len(des))
	dirs := map[string]bool{}
	for _, de := range des {
		if err := p.tick(); err != nil {
			return err
		}
		crel, cabs := join(rel, de.Name()), filepath.Join(abs, de.Name())
		if de.IsDir() {
			if p.skipDir(crel, de.Name(), cabs) {
				continue
			}
			dirs[crel] = true
			if !c.dirs[crel] {
				if err := p.tree(crel, true); err != nil {
					return err
				}
			}
			continue
		}
		if p.skipFile(crel, de) {
			continue
		}
		fi, err := de.Info()
		if err != nil {
			continue
		}
		files[crel] = true
		if err := p.file(crel, cabs, fi); err != nil {
			return err
		}
	}
	kids := p.children()
	for _, k := range kids.files[rel] {
		if e, ok := c.known[k]; ok && !files[k] {
			p.gone(k, e)
		}
	}
	for _, d := range kids.dirs[rel] {
		if c.dirs[d] && !dirs[d] {
			p.dropTree(d)
		}
	}
	return nil
}

// kids is the picture's files and directories by the directory holding
// them, as the pass began.
type kids struct{ files, dirs map[string][]string }

// children indexes the picture once a pass, so that each directory
// listed again finds what it held without going through every file.
func (p *pass) children() *kids {
	if p.kids != nil {
		return p.kids
	}
	k := &kids{files: map[string][]string{}, dirs: map[string][]string{}}
	for rel := range p.c.known {
		d := parentDir(rel)
		k.files[d] = append(k.files[d], rel)
	}
	for rel := range p.c.dirs {
		if rel != "" {
			d := parentDir(rel)
			k.dirs[d] = append(k.dirs[d], rel)
		}
	}
	p.kids = k
	return k
}

// dropTree takes directory rel and everything beneath it out of the
// picture: it is gone, or no longer a directory.
func (p *pass) dropTree(rel string) {
	c := p.c
	for k, e := range c.known {
		// Beneath, not at: a file may stand where the directory was.
		if strings.HasPrefix(k, rel+"/") {
			p.gone(k, e)
		}
	}
	for d := range c.dirs {
		if beneath(d, rel) {
			delete(c.dirs, d)
		}
	}
	if c.w != nil {
		c.w.forget(rel)
	}
}

// gone takes a file out of the picture.
func (p *pass) gone(rel string, e entry) {
	delete(p.c.known, rel)
	p.released = append(p.released, e)
	p.note(rel, e, true)
}

// file compares a file with the picture, reading it when its stat
// differs.
func (p *pass) file(rel, abs string, info fs.FileInfo) error {
	c := p.c
	old, had := c.known[rel]
	e := statEntry(info)
	if had && !old.racy && old.size == e.size && old.mtime == e.mtime && old.ctime == e.ctime && old.ino == e.ino && old.mode == e.mode {
		return nil
	}
	// Past the limit a changed file is only counted, so its contents are
	// not kept either.
	keep := !p.report || len(p.touched) < p.limit
	if err := c.read(abs, &e, keep); err != nil {
		var mirrorErr *mirrorError
		if errors.As(err, &mirrorErr) {
			return err
		}
		// Gone between the listing and the read, or unreadable: left out.
		return nil
	}
	e.racy = time.Unix(0, e.ctime).After(p.start.Add(-racyWindow))
	c.known[rel] = e
	if had {
		p.released = append(p.released, old)
		if old.sum == e.sum && old.mode.Perm() == e.mode.Perm() {
			return nil
		}
	}
	p.note(rel, old, had)
	return nil
}

// note records a changed path for Changes, keeping the first picture of
// it this pass saw; past the limit it is only counted.
func (p *pass) note(rel string, old entry, had bool) {
	if !p.report || p.index[rel] {
		return
	}
	if len(p.touched) >= p.limit {
		p.more++
		return
	}
	p.index[rel] = true
	p.touched = append(p.touched, touch{rel: rel, old: old, had: had})
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

// mirrorError is a failure to keep a copy: unlike a file that vanished,
// it stops the scan, since undo would lack the copy.
type mirrorError struct{ err error }

func (e *mirrorError) Error() string { return e.err.Error() }
func (e *mirrorError) Unwrap() error { return e.err }

// read hashes file abs into e and, when keep is set and it is text within
// the limit, keeps a copy in the mirror. It never follows a link: abs was
// a regular file when listed, and is opened with O_NOFOLLOW in case a link
// was swapped in since.
func (c *Capture) read(abs string, e *entry, keep bool) error {
	f, err := os.OpenFile(abs, os.O_RDONLY|openNonblock|syscall.O_NOFOLLOW, 0)
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
	if info.Size() > c.d.limit || !keep {
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
	if err := c.pack.hold(e.sum, data); err != nil {
		return &mirrorError{err}
	}
	e.text = true
	return nil
}
