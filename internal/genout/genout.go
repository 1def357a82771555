// Package genout owns the output folder: Sync writes only the files whose bytes changed and
// deletes the files no longer produced; Check compares without writing and describes every
// difference. It is the only code that touches generated/.
package genout

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Report lists what Sync changed, with slash-separated paths relative to the folder.
type Report struct {
	Written []string
	Deleted []string
}

// Sync makes dir hold exactly files. Each file is written through a temporary file and a
// rename, so a reader never sees half a file; unchanged files keep their modification time.
func Sync(dir string, files map[string][]byte) (Report, error) {
	var r Report
	if err := validPaths(files); err != nil {
		return r, err
	}
	existing, err := list(dir)
	if err != nil {
		return r, err
	}
	for _, p := range sortedKeys(files) {
		if old, ok := existing[p]; ok && bytes.Equal(old, files[p]) {
			continue
		}
		if err := writeFile(filepath.Join(dir, filepath.FromSlash(p)), files[p]); err != nil {
			return r, err
		}
		r.Written = append(r.Written, p)
	}
	for _, p := range sortedKeys(existing) {
		if _, keep := files[p]; keep {
			continue
		}
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(p))); err != nil {
			return r, err
		}
		r.Deleted = append(r.Deleted, p)
	}
	return r, removeEmptyDirs(dir)
}

// Check reports whether dir holds exactly files; when it does not, the text says which files
// are stale, missing or orphaned, with a line diff for each stale one.
func Check(dir string, files map[string][]byte) (string, bool, error) {
	existing, err := list(dir)
	if err != nil {
		return "", false, err
	}
	var b strings.Builder
	for _, p := range sortedKeys(files) {
		old, ok := existing[p]
		switch {
		case !ok:
			fmt.Fprintf(&b, "missing: %s/%s\n", filepath.ToSlash(dir), p)
		case !bytes.Equal(old, files[p]):
			fmt.Fprintf(&b, "stale: %s/%s\n%s", filepath.ToSlash(dir), p, Diff(string(old), string(files[p])))
		}
	}
	for _, p := range sortedKeys(existing) {
		if _, ok := files[p]; !ok {
			fmt.Fprintf(&b, "orphan: %s/%s (no longer generated)\n", filepath.ToSlash(dir), p)
		}
	}
	return b.String(), b.Len() == 0, nil
}

// list reads every regular file under dir; a missing dir is empty.
func list(dir string) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && path == dir {
				return filepath.SkipDir
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		out[filepath.ToSlash(rel)] = b
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	return out, err
}

// validPaths refuses paths that would escape the folder: the generator owns dir and nothing else.
func validPaths(files map[string][]byte) error {
	for p := range files {
		if !filepath.IsLocal(filepath.FromSlash(p)) || strings.Contains(p, "\\") {
			return fmt.Errorf("refusing to write %q outside the output folder", p)
		}
	}
	return nil
}

func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".toolgen-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
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

// removeEmptyDirs deletes folders left empty by orphan removal, deepest first.
func removeEmptyDirs(dir string) error {
	var dirs []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && path != dir {
			dirs = append(dirs, path)
		}
		return err
	})
	if err != nil {
		return err
	}
	slices.Reverse(dirs)
	for _, d := range dirs {
		if entries, err := os.ReadDir(d); err == nil && len(entries) == 0 {
			if err := os.Remove(d); err != nil {
				return err
			}
		}
	}
	return nil
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys) // map order is random; reports must not be
	return keys
}
