package generate

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/genout"
	"github.com/toolgen/toolgen/internal/golden"
)

// TestGolden runs every case in testdata/<case>/: the inputs are schema.graphql (or a folder
// schema/ of several files, read as -schema schema reads it), allowlist.yaml and
// tool-selections/; a case expects either the generated files in want/ or, when generation
// fails, its diagnostics in stderr.txt (warnings of a passing case go there too).
func TestGolden(t *testing.T) {
	for _, dir := range golden.Cases(t, "allowlist.yaml") {
		t.Run(filepath.Base(dir), func(t *testing.T) { runCase(t, dir) })
	}
}

func runCase(t *testing.T, dir string) {
	files, stderr := generateCase(t, dir)
	wantDir := filepath.Join(dir, "want")
	if files != nil {
		checkFiles(t, files)
	}
	if golden.Update() {
		writeGolden(t, dir, files, stderr)
		return
	}
	want, _ := os.ReadFile(filepath.Join(dir, "stderr.txt"))
	if diff := cmp.Diff(string(want), stderr); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	if files == nil {
		if _, err := os.Stat(wantDir); err == nil {
			t.Errorf("generation failed but %s exists", wantDir)
		}
		return
	}
	diff, fresh, err := genout.Check(wantDir, files)
	if err != nil || !fresh {
		t.Errorf("generated files differ from %s (run go test ./internal/generate -update):\n%s%v", wantDir, diff, err)
	}
	for name, b := range files {
		if !bytes.HasSuffix(b, []byte("\n")) {
			t.Errorf("%s does not end with a newline", name)
		}
	}
}

func generateCase(t *testing.T, dir string) (map[string][]byte, string) {
	t.Helper()
	in, ds := Read(dir, caseSchema(dir), "allowlist.yaml", "tool-selections")
	if ds.HasErrors() {
		t.Fatalf("reading inputs: %s", ds)
	}
	files, ds := FilesWith(in, Options{})
	return files, ds.String()
}

// caseSchema is what a case's schema is: schema.graphql, else the folder schema/.
func caseSchema(dir string) string {
	if _, err := os.Stat(filepath.Join(dir, "schema.graphql")); err != nil {
		return "schema"
	}
	return "schema.graphql"
}

func writeGolden(t *testing.T, dir string, files map[string][]byte, stderr string) {
	t.Helper()
	errPath := filepath.Join(dir, "stderr.txt")
	if stderr == "" {
		os.Remove(errPath)
	} else if err := os.WriteFile(errPath, []byte(stderr), 0o644); err != nil {
		t.Fatal(err)
	}
	wantDir := filepath.Join(dir, "want")
	if files == nil {
		os.RemoveAll(wantDir)
		return
	}
	os.RemoveAll(wantDir) // want/ is the test's own folder: a plain copy of the files, no manifest
	for name, b := range files {
		p := filepath.Join(wantDir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDeterministic generates every passing case twice, the second time on one processor, and
// compares the bytes. Per-tool work and the emitters may run in parallel, and the rule walks Go
// maps of the schema: neither scheduling nor map order may reach the output.
func TestDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("generates every case twice more; TestGolden already pins each case's bytes")
	}
	for _, dir := range golden.Cases(t, "allowlist.yaml") {
		a, _ := generateCase(t, dir)
		procs := runtime.GOMAXPROCS(1)
		b, _ := generateCase(t, dir)
		runtime.GOMAXPROCS(procs)
		if diff := cmp.Diff(a, b); diff != "" {
			t.Errorf("%s: two runs differ:\n%s", dir, diff)
		}
	}
}
