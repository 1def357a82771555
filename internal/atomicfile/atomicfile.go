// Package atomicfile replaces a file whole: the data goes to a temporary file in the same folder,
// which is renamed over the target, so a reader (or a concurrent toolgen) sees the old file or the
// new one, never a mix, and a failed write leaves the old file as it was.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write replaces path with data, readable by everyone (0644: generated files and caches are not
// secrets, and os.CreateTemp's 0600 would make a committed file unreadable to others).
func Write(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
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
