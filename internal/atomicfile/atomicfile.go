// Package atomicfile replaces a file whole: the data goes to a temporary file in the same folder,
// which is renamed over the target, so a reader (or a concurrent toolgen) sees the old file or the
// new one, never a mix, and a failed write leaves the old file as it was.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Write replaces path with data, readable by everyone (0644: generated files and caches are not
// secrets, and os.CreateTemp's 0600 would make a committed file unreadable to others).
func Write(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // its path is the temporary file's, which the user never named
		}
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot write %s: the folder %s does not exist; create it first", path, dir)
		}
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // a no-op after the rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
