package genout

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/atomicfile"
	"github.com/toolgen/toolgen/internal/parallel"
)

// Report lists what Write did, with slash-separated paths relative to the folder.
type Report struct {
	Written []string
	Deleted []string
	// Foreign lists files toolgen did not generate, left alone.
	Foreign []string
	// First says the folder had no manifest: toolgen wrote into it for the first time.
	First bool
}

// Write makes dir hold files and a manifest m of them. It overwrites and deletes only files
// listed in the previous manifest; it refuses, before touching anything, a folder holding
// files it did not generate and no manifest, and a new file that would replace a foreign one.
// Unchanged files keep their modification time.
func Write(dir string, files map[string][]byte, m Manifest) (Report, error) {
	var r Report
	if err := validPaths(files); err != nil {
		return r, err
	}
	root, err := openOut(dir, true)
	if err != nil {
		return r, err
	}
	defer closeRoot(root)
	old, oldRaw, err := readManifest(root, dir)
	if err != nil {
		return r, err
	}
	r.First = old == nil
	present, err := walk(root, dir)
	if err != nil {
		return r, err
	}
	delete(present, ManifestName)
	owned, err := ownedFiles(root, dir, old, present, files)
	if err != nil {
		return r, err
	}
	write, err := changed(root, dir, files, present, owned)
	if err != nil {
		return r, err
	}
	var remove []string
	for _, p := range sortedKeys(present) {
		switch _, keep := files[p]; {
		case keep:
		case owned[p]:
			remove = append(remove, p)
		default:
			r.Foreign = append(r.Foreign, p)
		}
	}
	final := m.Marshal()
	if len(write) == 0 && len(remove) == 0 && bytes.Equal(final, oldRaw) {
		return r, nil
	}
	afterChecks()
	claim := intent(m, old, owned).Marshal()
	if err := writeFile(root, ManifestName, claim); err != nil {
		return r, failure(root, dir, ManifestName, err)
	}
	if r.Written, err = writeAll(root, dir, files, write); err != nil {
		return r, err
	}
	for _, p := range remove {
		if err := root.Remove(filepath.FromSlash(p)); err != nil {
			return r, failure(root, dir, p, err)
		}
		r.Deleted = append(r.Deleted, p)
	}
	if !bytes.Equal(claim, final) { // a first run claims exactly its own files
		if err := atomicfile.WriteIn(root, ManifestName, final); err != nil {
			return r, failure(root, dir, ManifestName, err)
		}
	}
	return r, removeEmptyParents(root, r.Deleted)
}

// failure explains a write or delete that failed after the checks: most likely a symbolic link
// appeared inside the folder meanwhile (the root refused to follow it out), which is named.
func failure(root *os.Root, dir, p string, err error) error {
	if _, lerr := walk(root, dir); lerr != nil {
		return fmt.Errorf("cannot write %s: %w; the link appeared while toolgen was writing, and nothing was written through it", filepath.Join(dir, filepath.FromSlash(p)), lerr)
	}
	return fmt.Errorf("%s: %w", filepath.Join(dir, filepath.FromSlash(p)), unwrapPath(err))
}

// writeAll writes the files named in write on all cores and returns those written, in write's
// order. Creating a file costs the kernel tens of µs, hundreds on ext4 after a large deletion
// (docs/speed.md, the disk), and creates in parallel overlap. After a failure no new file is
// started; the first failure in write's order is reported.
func writeAll(root *os.Root, dir string, files map[string][]byte, write []string) ([]string, error) {
	done := make([]bool, len(write))
	err := parallel.Run(len(write), func(_, i int) error {
		if err := writeFile(root, write[i], files[write[i]]); err != nil {
			return failure(root, dir, write[i], err)
		}
		done[i] = true
		return nil
	})
	var written []string
	for i, p := range write {
		if done[i] {
			written = append(written, p)
		}
	}
	return written, err
}

// unwrapPath drops a PathError's relative path: the message names the file in full.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}

// changed lists the files whose bytes on disk differ from files, refusing one that is in the
// way and not toolgen's.
func changed(root *os.Root, dir string, files map[string][]byte, present, owned map[string]bool) ([]string, error) {
	var write []string
	for _, p := range sortedKeys(files) {
		if present[p] {
			b, err := read(root, p)
			if err != nil {
				return nil, err
			}
			if bytes.Equal(b, files[p]) {
				continue // the same bytes, whoever wrote them
			}
			if !owned[p] {
				return nil, fmt.Errorf("refusing to overwrite %s: toolgen did not generate it (it is not in %s); nothing was written or deleted. "+
					"Move or rename the file, then run toolgen again", filepath.Join(dir, filepath.FromSlash(p)), ManifestName)
			}
		}
		write = append(write, p)
	}
	return write, nil
}

// intent is the manifest written before any file is touched: it claims the new files and
// every file owned so far, so a run that stops half-way leaves every file it may have written
// or not yet deleted owned, and the next run can finish the job. A file adopted from a folder
// without a manifest has no digest yet.
func intent(m Manifest, old *Manifest, owned map[string]bool) Manifest {
	m.Files = maps.Clone(m.Files)
	for p := range owned {
		if _, ok := m.Files[p]; ok {
			continue
		}
		m.Files[p] = "unknown"
		if old != nil && old.Files[p] != "" {
			m.Files[p] = old.Files[p]
		}
	}
	return m
}

// ownedFiles is the set of present files toolgen may overwrite or delete, or the error that
// says why it may not write into dir at all.
func ownedFiles(root *os.Root, dir string, old *Manifest, present map[string]bool, files map[string][]byte) (map[string]bool, error) {
	owned := map[string]bool{}
	switch {
	case old != nil:
		for p := range old.Files {
			owned[p] = true
		}
	case len(present) == 0:
	case legacyOwned(root, present, files):
		for p := range present { // written by a toolgen from before manifests
			owned[p] = true
		}
	default:
		return nil, fmt.Errorf("refusing to write into %s: it holds %d file(s) toolgen did not generate (%s) and no %s manifest; "+
			"nothing was written or deleted. toolgen writes only into a new or empty folder, or one it generated before: "+
			"pick another folder with -out, or move those files out of %s", dir, len(present), sample(sortedKeys(present)), ManifestName, dir)
	}
	return owned, nil
}

// sample names up to five paths, enough to recognise the folder.
func sample(paths []string) string {
	if len(paths) > 5 {
		return strings.Join(paths[:5], ", ") + fmt.Sprintf(", and %d more", len(paths)-5)
	}
	return strings.Join(paths, ", ")
}

// Verify reports whether dir holds exactly files and the manifest m, without writing. Files
// that are no longer generated are orphans; files toolgen never generated are foreign (a
// generated folder holds only generated files, so both make it not fresh).
func Verify(dir string, files map[string][]byte, m Manifest) (string, bool, error) {
	root, err := openOut(dir, false)
	if err != nil {
		return "", false, err
	}
	defer closeRoot(root)
	present, err := walk(root, dir)
	if err != nil {
		return "", false, err
	}
	existing := map[string][]byte{}
	for p := range present {
		if _, expected := files[p]; expected || p == ManifestName {
			if existing[p], err = read(root, p); err != nil {
				return "", false, err
			}
		}
	}
	old, _, merr := readManifest(root, dir)
	want := maps.Clone(files)
	want[ManifestName] = m.Marshal()
	var b strings.Builder
	if merr != nil {
		fmt.Fprintf(&b, "bad manifest: %v\n", merr)
	}
	compare(&b, dir, existing, want)
	for _, p := range sortedKeys(present) {
		if _, ok := want[p]; ok {
			continue
		}
		if old != nil && old.Files[p] != "" {
			fmt.Fprintf(&b, "orphan: %s/%s (no longer generated; toolgen will delete it)\n", filepath.ToSlash(dir), p)
		} else {
			fmt.Fprintf(&b, "foreign: %s/%s (toolgen did not generate it and leaves it alone; move it out of %s)\n", filepath.ToSlash(dir), p, filepath.ToSlash(dir))
		}
	}
	return b.String(), b.Len() == 0, nil
}

// Unchanged reports, without knowing the files a run would produce, whether dir still holds
// exactly what its manifest describes for these inputs and version: every listed file with its
// recorded digest, and nothing else. It returns the manifest's bytes, which the caller ties to
// the build that wrote them before trusting the answer, and how many files it lists.
func Unchanged(dir, version string, inputs map[string][]byte) ([]byte, int, bool) {
	root, err := openOut(dir, false)
	if err != nil || root == nil {
		return nil, 0, false
	}
	defer closeRoot(root)
	m, raw, err := readManifest(root, dir)
	if err != nil || m == nil || m.Toolgen != version || !maps.Equal(m.Inputs, digests(inputs)) {
		return nil, 0, false
	}
	present, err := walk(root, dir)
	if err != nil || len(present) != len(m.Files)+1 { // +1: the manifest itself
		return nil, 0, false
	}
	for p, want := range m.Files {
		b, err := read(root, p)
		if err != nil || catalog.FileDigest(b) != want {
			return nil, 0, false
		}
	}
	return raw, len(m.Files), true
}
