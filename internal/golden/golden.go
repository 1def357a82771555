// Package golden is the test helper behind every golden test: cases are directories under
// testdata, expected outputs are files beside the inputs, and -update rewrites them. The flag
// exists only in packages whose tests import this one, so name them:
// `go test ./internal/generate ./internal/lint ./internal/catdiff -update`. Only tests import it.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Update reports whether the test run was asked to rewrite golden files.
func Update() bool { return *update }

// Cases returns the case directories under testdata that hold a file named marker.
func Cases(t testing.TB, marker string) []string {
	t.Helper()
	matches, err := filepath.Glob(filepath.Join("testdata", "*", marker))
	if err != nil || len(matches) == 0 {
		t.Fatalf("no golden cases with %s: %v", marker, err)
	}
	for i, m := range matches {
		matches[i] = filepath.Dir(m)
	}
	return matches
}

// File compares got with the golden file at path (-want +got), writing it first under -update.
func File(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}
