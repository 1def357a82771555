package main

import (
	"bytes"
	"debug/elf"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/cachedir"
)

// stamp ties an output folder's manifest to the toolgen build and the options that produced
// it. The manifest already records every input's and output's digest, so when the folder
// still matches its manifest (genout.Unchanged) and this build with these options wrote that
// manifest, compiling again would write the same bytes: the run can stop there. The stamp
// lives in the user cache folder, because a build id differs between machines and must not
// reach the committed manifest.
type stamp struct {
	path string // the stamp file; "" when there is no cache folder or no build id
	key  string // build id and options
}

// newStamp keys the stamp of the folder out by this executable's build id and every flag but
// -out (the stamp's file is per folder) and -check: input paths included, since generated
// files may name them.
func newStamp(fs *flag.FlagSet, out string) stamp {
	id := buildID()
	abs, err := filepath.Abs(out)
	if id == "" || err != nil {
		return stamp{}
	}
	p, err := cachedir.Path("stamps/" + catalog.FileDigest([]byte(abs))[len("sha256:"):])
	if err != nil {
		return stamp{}
	}
	var opts strings.Builder
	fs.VisitAll(func(f *flag.Flag) {
		switch f.Name {
		case "out", "check":
		default:
			fmt.Fprintf(&opts, "-%s=%q\n", f.Name, f.Value.String())
		}
	})
	return stamp{path: p, key: "toolgen build " + id + "\n" + opts.String()}
}

func (s stamp) value(manifest []byte) string {
	return catalog.FileDigest(append([]byte(s.key), manifest...)) + "\n"
}

// matches reports whether this build with these options wrote manifest, and returns the
// warnings that run printed, so a skipped run still shows them.
func (s stamp) matches(manifest []byte) (string, bool) {
	if s.path == "" {
		return "", false
	}
	b, err := os.ReadFile(s.path)
	if err != nil {
		return "", false
	}
	warnings, ok := strings.CutPrefix(string(b), s.value(manifest))
	return warnings, ok
}

// save records that this build wrote manifest with these warnings; a failure only costs the
// next run its shortcut. A folder's first stamp makes room for itself (see maxStamps).
func (s stamp) save(manifest []byte, warnings string) {
	if s.path == "" {
		return
	}
	if _, err := os.Stat(s.path); err != nil {
		pruneStamps(filepath.Dir(s.path), maxStamps-1)
	}
	cachedir.WriteAtomic(s.path, []byte(s.value(manifest)+warnings))
}

// maxStamps bounds the stamps folder, which holds one stamp per output folder ever generated
// (temporary folders of tests and scripts included, each up to a catalog's warnings in size).
const maxStamps = 64

// pruneStamps deletes the least recently written stamps until keep are left. Only stamp names
// (a SHA-256 in hex) are touched, never another run's temporary file.
func pruneStamps(dir string, keep int) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type stampFile struct {
		name string
		mod  time.Time
	}
	var stamps []stampFile
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() && isStampName(e.Name()) {
			stamps = append(stamps, stampFile{e.Name(), info.ModTime()})
		}
	}
	if len(stamps) <= keep {
		return
	}
	slices.SortFunc(stamps, func(a, b stampFile) int { return a.mod.Compare(b.mod) })
	for _, st := range stamps[:len(stamps)-keep] {
		os.Remove(filepath.Join(dir, st.name))
	}
}

func isStampName(name string) bool {
	if len(name) != 64 {
		return false
	}
	for _, c := range name {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// buildID is the Go build id of the running executable, which changes with any change to its
// code or dependencies; "" when it cannot be read (then nothing is ever skipped).
func buildID() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	if ef, err := elf.NewFile(f); err == nil {
		return elfBuildID(ef)
	}
	// Other formats carry the id as text near the start of the code.
	head := make([]byte, 64<<10)
	n, _ := io.ReadFull(f, head)
	return textBuildID(head[:n])
}

// elfBuildID reads the id from the .note.go.buildid note: namesz, descsz, type, "Go\0\0", id.
func elfBuildID(f *elf.File) string {
	s := f.Section(".note.go.buildid")
	if s == nil {
		return ""
	}
	b, err := s.Data()
	if err != nil || len(b) < 16 || string(b[12:16]) != "Go\x00\x00" {
		return ""
	}
	size := int(f.ByteOrder.Uint32(b[4:8]))
	if size > len(b)-16 {
		return ""
	}
	return string(b[16 : 16+size])
}

func textBuildID(b []byte) string {
	const prefix = "\xff Go build ID: \""
	i := bytes.Index(b, []byte(prefix))
	if i < 0 {
		return ""
	}
	rest := b[i+len(prefix):]
	end := bytes.IndexByte(rest, '"')
	if end < 0 {
		return ""
	}
	return string(rest[:end])
}
