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

// afterChecks runs between Write's checks and its first write: the window in which a link
// planted by someone else (a concurrent process) could redirect a write. Tests plant one there.
var afterChecks = func() {}

// Check reports whether dir holds exactly files; when it does not, the text says which files
// are stale, missing or extra, with a line diff for each stale one.
func Check(dir string, files map[string][]byte) (string, bool, error) {
	root, err := openOut(dir, false)
	if err != nil {
		return "", false, err
	}
	defer closeRoot(root)
	existing, err := list(root, dir)
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

// list reads every regular file under the output folder dir, opened as root.
func list(root *os.Root, dir string) (map[string][]byte, error) {
	names, err := walk(root, dir)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(names))
	for p := range names {
		if out[p], err = read(root, p); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// walk lists the slash paths of the files under the output folder dir, opened as root (nil:
// a missing folder, empty), without reading them (a folder that is not toolgen's may be a whole
// repository). A symbolic link anywhere inside is refused, never followed: a committed
// generated/operations -> ../victim would let a CI run overwrite files anywhere, and one that
// stays inside the folder still makes two paths one file.
func walk(root *os.Root, dir string) (map[string]bool, error) {
	out := map[string]bool{}
	if root == nil {
		return out, nil
	}
	err := fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return fmt.Errorf("%s is a symbolic link inside the output folder; toolgen never writes through one: delete it (toolgen recreates its files there)", filepath.Join(dir, filepath.FromSlash(p)))
		}
		if !d.IsDir() {
			out[p] = true
		}
		return nil
	})
	return out, err
}

// openOut opens the output folder dir as an os.Root, through which every read, write, rename
// and delete in it goes: a link planted inside it while toolgen runs can then only lead to
// another place inside it (Root refuses a link out of it), never outside. A dir that is itself
// a link is refused: a committed generated -> ../victim would aim a CI run anywhere, and the
// real folder can always be passed instead. A missing dir is created with create, else its
// root is nil (an empty folder).
func openOut(dir string, create bool) (*os.Root, error) {
	info, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) && create {
		if err = os.MkdirAll(dir, 0o755); err == nil {
			info, err = os.Lstat(dir)
		}
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, err
	case info.Mode()&fs.ModeSymlink != 0:
		return nil, fmt.Errorf("%s is a symbolic link; toolgen never writes through one: pass the folder it points to with -out", dir)
	case !info.IsDir():
		return nil, fmt.Errorf("%s is a file, not a folder; pass a folder with -out", dir)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	// The folder checked above must be the one opened: dir swapped for a link in between
	// would open the link's target.
	if opened, err := root.Stat("."); err != nil || !os.SameFile(info, opened) {
		root.Close()
		return nil, fmt.Errorf("%s changed while toolgen opened it (replaced, or by a symbolic link?); nothing was written: check the folder and run toolgen again", dir)
	}
	return root, nil
}

func read(root *os.Root, p string) ([]byte, error) {
	return root.ReadFile(filepath.FromSlash(p))
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
func writeFile(root *os.Root, p string, data []byte) error {
	name := filepath.FromSlash(p)
	if err := root.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	f, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err == nil {
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			root.Remove(name)
		}
		return err
	}
	if !errors.Is(err, fs.ErrExist) {
		return err
	}
	return atomicfile.WriteIn(root, name, data)
}

// removeEmptyParents deletes the folders of deleted files that are now empty, deepest first,
// up to but not including the output folder.
func removeEmptyParents(root *os.Root, deleted []string) error {
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
		if entries, err := fs.ReadDir(root.FS(), filepath.ToSlash(d)); err == nil && len(entries) == 0 {
			if err := root.Remove(d); err != nil {
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

// closeRoot closes an output folder's root; nil is a missing folder's.
func closeRoot(root *os.Root) {
	if root != nil {
		root.Close()
	}
}
