package main

import "github.com/toolgen/toolgen/internal/catdiff"

// diffLevels reads the diff: level overrides of an allow-list; none without a path.
func diffLevels(path string) (catdiff.Options, error) {
	return catdiff.Options{}, nil
}
