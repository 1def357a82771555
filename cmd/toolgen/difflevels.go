package main

import (
	"fmt"
	"os"

	"github.com/toolgen/toolgen/internal/allowlist"
	"github.com/toolgen/toolgen/internal/catdiff"
)

// diffLevels reads the diff: section of an allow-list (rule id: level) into diff options; no
// path, no overrides. Every problem is positioned in the file.
func diffLevels(path string) (catdiff.Options, error) {
	if path == "" {
		return catdiff.Options{}, nil
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return catdiff.Options{}, fmt.Errorf("-allowlist: %w", err)
	}
	f, ds := allowlist.Parse(path, src)
	ds = append(ds, catdiff.CheckLevels(f)...)
	if ds.HasErrors() {
		return catdiff.Options{}, fmt.Errorf("-allowlist:\n%s", ds)
	}
	return catdiff.LevelsFrom(f), nil
}
