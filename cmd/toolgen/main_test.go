package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// workspace copies the example inputs into a temporary folder and returns flag arguments
// pointing at them, with -out in the same folder.
func workspace(t *testing.T) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	for _, p := range []string{"schema.graphql", "allowlist.yaml", "tool-selections/search.graphql", "tool-selections/movies.graphql", "tool-selections/addWatchListItem.graphql"} {
		b, err := os.ReadFile(filepath.Join("..", "..", p))
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(dst), 0o755)
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"-schema", filepath.Join(dir, "schema.graphql"), "-allowlist", filepath.Join(dir, "allowlist.yaml"),
		"-selections", filepath.Join(dir, "tool-selections"), "-out", filepath.Join(dir, "generated")}
	return dir, args
}

func toolgen(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// snapshot reads every file under dir with its modification time, to prove nothing changed.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			info, _ := d.Info()
			out[p] = info.ModTime().String() + "\n" + string(b)
		}
		return nil
	})
	return out
}

func TestGenerateThenCheck(t *testing.T) {
	dir, args := workspace(t)
	if code, _, stderr := toolgen(t, args...); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	before := snapshot(t, filepath.Join(dir, "generated"))
	if code, stdout, _ := toolgen(t, args...); code != 0 || !strings.Contains(stdout, "(0 written, 0 deleted)") {
		t.Errorf("second run rewrote files: exit %d, %s", code, stdout)
	}
	if diff := cmp.Diff(before, snapshot(t, filepath.Join(dir, "generated"))); diff != "" {
		t.Errorf("an unchanged run touched files:\n%s", diff)
	}
	if code, _, stderr := toolgen(t, append(args, "-check")...); code != 0 {
		t.Errorf("check on fresh output: exit %d\n%s", code, stderr)
	}
	// Output depends only on the inputs: generated elsewhere, it equals the committed folder.
	repo := filepath.Join("..", "..", "generated")
	if code, _, stderr := toolgen(t, append(args[:len(args)-2], "-out", repo, "-check")...); code != 0 {
		t.Errorf("output generated in %s differs from the committed generated/:\n%s", dir, stderr)
	}
}

func TestCheckReportsStaleMissingAndOrphan(t *testing.T) {
	dir, args := workspace(t)
	toolgen(t, args...)
	gen := filepath.Join(dir, "generated")
	os.WriteFile(filepath.Join(gen, "operations", "movie.graphql"), []byte("query Old { movie }\n"), 0o644)
	os.Remove(filepath.Join(gen, "schemas", "person.json"))
	os.WriteFile(filepath.Join(gen, "schemas", "removedTool.json"), []byte("{}\n"), 0o644)
	before := snapshot(t, gen)
	code, _, stderr := toolgen(t, append(args, "-check")...)
	if code != 1 {
		t.Fatalf("check on stale output: exit %d, want 1", code)
	}
	for _, want := range []string{"stale: " + filepath.ToSlash(gen) + "/operations/movie.graphql", "-query Old { movie }", "missing: " + filepath.ToSlash(gen) + "/schemas/person.json", "orphan: " + filepath.ToSlash(gen) + "/schemas/removedTool.json"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("check output lacks %q:\n%s", want, stderr)
		}
	}
	if diff := cmp.Diff(before, snapshot(t, gen)); diff != "" {
		t.Errorf("-check wrote files:\n%s", diff)
	}
	if code, _, _ := toolgen(t, args...); code != 0 {
		t.Fatal("regenerate failed")
	}
	if _, err := os.Stat(filepath.Join(gen, "schemas", "removedTool.json")); err == nil {
		t.Error("orphan survived regeneration")
	}
}

func TestFailedGenerationWritesNothing(t *testing.T) {
	dir, args := workspace(t)
	toolgen(t, args...)
	gen := filepath.Join(dir, "generated")
	before := snapshot(t, gen)
	os.WriteFile(filepath.Join(dir, "allowlist.yaml"), []byte("tools:\n  movei: {}\n  movie: {roles: [nobody]}\n"), 0o644)
	code, _, stderr := toolgen(t, args...)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	for _, want := range []string{`allowlist.yaml:2:3: "movei" is not a field of Query or Mutation; did you mean "movie"?`, `allowlist.yaml:3:19: tool "movie" names role "nobody", which is not declared`, "nothing was written"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if diff := cmp.Diff(before, snapshot(t, gen)); diff != "" {
		t.Errorf("a failed run changed generated/:\n%s", diff)
	}
}
