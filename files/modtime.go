package files

import (
	"errors"
	"io/fs"
	"time"
)

// ModTime returns when file name was last written; ok is false when
// there is no such file. It follows the same confinement as Mode.
func (d *Dir) ModTime(name string) (t time.Time, ok bool, err error) {
	_, real, root, err := d.open(name)
	if err != nil {
		return time.Time{}, false, err
	}
	defer root.Close()
	info, err := root.Stat(real)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return time.Time{}, false, nil
	case err != nil:
		return time.Time{}, false, d.opError(name, err)
	}
	return info.ModTime(), true, nil
}
