// Package genout owns the output folder. Write makes it hold a run's files, touching only
// what toolgen generated before (listed in the folder's manifest, .toolgen.json); Verify
// compares without writing and describes every difference; Check compares a folder with a set
// of files, for golden tests. It is the only code that writes or deletes in generated/.
package genout

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/toolgen/toolgen/internal/atomicfile"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Check reports whether dir holds exactly files; when it does not, the text says which files
// are stale, missing or extra, with a line diff for each stale one.
func Check(dir string, files map[string][]byte) (string, bool, error) {
	existing, err := list(dir)
	if err != nil {
		return "", false, err
	}
	var b strings.Builder
	compare(&b, dir, existing, files)
	for _, p := range sortedKeys(existing) {
		if _, ok := files[p]; !ok {
			fmt.Fprintf(&b, "orphan: %s/%s (no longer generated)\n", filepath.ToSlash(dir), p)
		}
	}
	return b.String(), b.Len() == 0, nil
}

// compare writes a line for every expected file that is missing or differs.
func compare(b *strings.Builder, dir string, existing, files map[string][]byte) {
	for _, p := range sortedKeys(files) {
		old, ok := existing[p]
		switch {
		case !ok:
			fmt.Fprintf(b, "missing: %s/%s\n", filepath.ToSlash(dir), p)
		case !bytes.Equal(old, files[p]):
			fmt.Fprintf(b, "stale: %s/%s\n%s", filepath.ToSlash(dir), p, Diff(string(old), string(files[p])))
		}
	}
}

// list reads every regular file under dir; a missing dir is empty.
func list(dir string) (map[string][]byte, error) {
	names, err := walk(dir)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(names))
	for p := range names {
		if out[p], err = read(dir, p); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// walk lists the slash paths of the files under dir without reading them (a folder that is
// not toolgen's may be a whole repository); a missing dir is empty.
func walk(dir string) (map[string]bool, error) {
	if err := folder(dir); err != nil {
		return nil, err
	}
	out := map[string]bool{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && path == dir {
				return filepath.SkipDir
			}
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 {
			// Never followed: a committed generated/operations -> ../victim would let a CI run
			// overwrite files anywhere.
			return fmt.Errorf("%s is a symbolic link inside the output folder; toolgen never writes through one: delete it (toolgen recreates its files there)", path)
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		out[filepath.ToSlash(rel)] = true
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	return out, err
}

// folder refuses an output path that exists and is not a folder.
// An -out that is itself a symbolic link is refused too: a committed link (generated ->
// ../victim) would aim a CI run anywhere, and the real folder can always be passed instead.
func folder(dir string) error {
	if info, err := os.Lstat(dir); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("%s is a symbolic link; toolgen never writes through one: pass the folder it points to with -out", dir)
	}
	if info, err := os.Stat(dir); err == nil && !info.IsDir() {
		return fmt.Errorf("%s is a file, not a folder; pass a folder with -out", dir)
	}
	return nil
}

func read(dir, p string) ([]byte, error) {
	return os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
}

// validPaths refuses paths that would escape the folder or replace the manifest: the
// generator owns its files in dir and nothing else.
func validPaths(files map[string][]byte) error {
	for p := range files {
		if !filepath.IsLocal(filepath.FromSlash(p)) || strings.Contains(p, "\\") {
			return fmt.Errorf("refusing to write %q outside the output folder", p)
		}
		if p == ManifestName {
			return fmt.Errorf("refusing to write %q: the name is toolgen's manifest", p)
		}
	}
	return nil
}

// writeFile writes a file that does not exist yet directly (nobody can be reading it, and a
// crash leaves a file the manifest already claims), and replaces an existing one through a
// temporary file and a rename, so a reader never sees half a file.
func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err == nil {
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(path)
		}
		return err
	}
	if !errors.Is(err, fs.ErrExist) {
		return err
	}
	return atomicfile.Write(path, data)
}

// removeEmptyParents deletes the folders of deleted files that are now empty, deepest first,
// up to but not including dir.
func removeEmptyParents(dir string, deleted []string) error {
	var dirs []string
	for _, p := range deleted {
		for d := filepath.Dir(filepath.FromSlash(p)); d != "."; d = filepath.Dir(d) {
			dirs = append(dirs, d)
		}
	}
	slices.Sort(dirs)
	dirs = slices.Compact(dirs)
	slices.Reverse(dirs) // children sort after their parents
	for _, d := range dirs {
		full := filepath.Join(dir, d)
		if entries, err := os.ReadDir(full); err == nil && len(entries) == 0 {
			if err := os.Remove(full); err != nil {
				return err
			}
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys) // map order is random; reports must not be
	return keys
}
