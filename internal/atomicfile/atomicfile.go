// Package atomicfile replaces a file whole: the data goes to a temporary file in the same folder,
// which is renamed over the target, so a reader (or a concurrent toolgen) sees the old file or the
// new one, never a mix, and a failed write leaves the old file as it was.
package atomicfile

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Write replaces path with data, readable by everyone (0644: generated files and caches are not
// secrets).
func Write(path string, data []byte) error {
	dir := filepath.Dir(path)
	root, err := os.OpenRoot(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cannot write %s: the folder %s does not exist; create it first", path, dir)
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	defer root.Close()
	if err := WriteIn(root, filepath.Base(path), data); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // its path is the temporary file's or relative to the folder; name the file
		}
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}

// WriteIn replaces name, a path inside root, with data. Every step goes through root, so a
// symbolic link in name's folders, planted while it runs, cannot lead it outside root; a link
// at name itself is replaced, never written through.
func WriteIn(root *os.Root, name string, data []byte) error {
	tmp, f, err := createTemp(root, name)
	if err != nil {
		return err
	}
	defer root.Remove(tmp) // a no-op after the rename
	// Through the open file, not the name: Root.Chmod may follow a link swapped in meanwhile.
	// The mode is set after creation so the umask cannot make a committed file unreadable.
	err = f.Chmod(0o644)
	if err == nil {
		_, err = f.Write(data)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return root.Rename(tmp, name)
}

// createTemp creates a new file beside name (".name.<random>") that no one else has opened.
func createTemp(root *os.Root, name string) (string, *os.File, error) {
	for range 100 { // 60 random bits: a second try is already unlikely
		tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+"."+rand.Text()[:12])
		f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if !errors.Is(err, fs.ErrExist) {
			return tmp, f, err
		}
	}
	return "", nil, fmt.Errorf("cannot create a temporary file beside %s", name)
}
