package files

import (
	"errors"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
)

// tempSuffix ends the name of a staged write's temporary file.
const tempSuffix = ".tmp"

// tempName is ".NAME.RANDOM.tmp", RANDOM the 12 hex digits randomSuffix
// makes: only what Stage writes, never a user's own dot file.
var tempName = regexp.MustCompile(`^\..+\.[0-9a-f]{12}\.tmp$`)

// RemoveTemps deletes the temporary files that staged writes left in
// directory dir (relative to the working directory, "" for itself) when
// the process died between Stage and Commit or Abort. It returns the
// paths removed, relative to the working directory. A missing directory
// has none.
func (d *Dir) RemoveTemps(dir string) ([]string, error) {
	if dir == "" {
		dir = "."
	}
	logical, real, root, err := d.open(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	entries, err := fs.ReadDir(root.FS(), filepath.ToSlash(real))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, d.opError(dir, err)
	}
	var removed []string
	for _, e := range entries {
		if !e.Type().IsRegular() || !tempName.MatchString(e.Name()) || !strings.HasSuffix(e.Name(), tempSuffix) {
			continue
		}
		if err := root.Remove(filepath.Join(real, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, d.opError(e.Name(), err)
		}
		p := e.Name()
		if logical != "." {
			p = logical + "/" + p
		}
		removed = append(removed, p)
	}
	return removed, nil
}
