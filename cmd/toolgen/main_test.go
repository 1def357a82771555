package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/cachedir"
)

// TestMain gives the package's tests one cache folder of their own, never the user's. They
// share it, and so run in parallel: a stamp is kept per output folder and each test has its
// own, and the counts are the tokenizer's whoever wrote them.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "toolgen-test-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "no temporary cache folder:", err)
		os.Exit(1)
	}
	os.Setenv(cachedir.EnvVar, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

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
	t.Parallel()
	dir, args := workspace(t)
	const tidy = "is a new Go package that imports github.com/toolgen/toolgen/toolrt; run go mod tidy once"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/shop\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := toolgen(t, args...)
	if code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, tidy) { // a first generation: the next go build needs go mod tidy
		t.Errorf("a new package's run does not say to run go mod tidy:\n%s", stdout)
	}
	before := snapshot(t, filepath.Join(dir, "generated"))
	if code, stdout, _ := toolgen(t, args...); code != 0 || !strings.Contains(stdout, "(0 written, 0 deleted)") || strings.Contains(stdout, tidy) {
		t.Errorf("second run rewrote files or repeated the go mod tidy hint: exit %d, %s", code, stdout)
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

func TestCheckReportsStaleMissingOrphanAndForeign(t *testing.T) {
	t.Parallel()
	dir, args := workspace(t)
	toolgen(t, args...)
	gen := filepath.Join(dir, "generated")
	os.WriteFile(filepath.Join(gen, "operations", "movie.graphql"), []byte("query Old { movie }\n"), 0o644)
	os.Remove(filepath.Join(gen, "schemas", "search.json"))
	os.WriteFile(filepath.Join(gen, "schemas", "mine.json"), []byte("{}\n"), 0o644)
	allow, _ := os.ReadFile(filepath.Join(dir, "allowlist.yaml"))
	os.WriteFile(filepath.Join(dir, "allowlist.yaml"), []byte(strings.Replace(string(allow), "  person: {}\n", "", 1)), 0o644)
	before := snapshot(t, gen)
	code, _, stderr := toolgen(t, append(args, "-check")...)
	if code != 1 {
		t.Fatalf("check on stale output: exit %d, want 1", code)
	}
	g := filepath.ToSlash(gen)
	for _, want := range []string{"stale: " + g + "/operations/movie.graphql", "-query Old { movie }", "missing: " + g + "/schemas/search.json",
		"orphan: " + g + "/schemas/person.json (no longer generated", "foreign: " + g + "/schemas/mine.json (toolgen did not generate it", "stale: " + g + "/.toolgen.json"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("check output lacks %q:\n%s", want, stderr)
		}
	}
	if diff := cmp.Diff(before, snapshot(t, gen)); diff != "" {
		t.Errorf("-check wrote files:\n%s", diff)
	}
	code, _, stderr = toolgen(t, args...)
	if code != 0 || !strings.Contains(stderr, "left alone 1 file(s)") {
		t.Fatalf("regenerate: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(gen, "schemas", "person.json")); err == nil {
		t.Error("orphan survived regeneration")
	}
	if _, err := os.Stat(filepath.Join(gen, "schemas", "mine.json")); err != nil {
		t.Errorf("regeneration deleted a file toolgen did not generate: %v", err)
	}
}

// The regression of issue 10: -out on a folder holding someone else's files deleted them all.
func TestOutRefusesAFolderOfForeignFiles(t *testing.T) {
	t.Parallel()
	dir, args := workspace(t)
	target := filepath.Join(dir, "repo")
	foreign := map[string]string{".git/HEAD": "ref: refs/heads/main\n", "go.mod": "module example.com/x\n", "README.md": "# mine\n"}
	for p, c := range foreign {
		os.MkdirAll(filepath.Join(target, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(target, p), []byte(c), 0o644)
	}
	before := snapshot(t, target)
	code, stdout, stderr := toolgen(t, append(args[:len(args)-2], "-out", target)...)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{"refusing to write into " + target, "3 file(s) toolgen did not generate (.git/HEAD, README.md, go.mod)", "nothing was written or deleted", "pick another folder with -out"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if diff := cmp.Diff(before, snapshot(t, target)); diff != "" {
		t.Errorf("toolgen changed a folder it does not own:\n%s", diff)
	}
}

// An unchanged run skips compiling, yet -check and generation still see every hand edit: a
// tampered output, a hand-edited token count, an edited manifest.
func TestUnchangedRunsStaySound(t *testing.T) {
	t.Parallel()
	dir, args := workspace(t)
	gen := filepath.Join(dir, "generated")
	toolgen(t, args...)
	if code, stdout, _ := toolgen(t, args...); code != 0 || !strings.Contains(stdout, "nothing compiled") {
		t.Fatalf("second run compiled again: exit %d, %s", code, stdout)
	}
	if code, stdout, _ := toolgen(t, append(args, "-check")...); code != 0 {
		t.Fatalf("-check on unchanged output: exit %d, %s", code, stdout)
	}
	catalogJSON := filepath.Join(gen, "catalog.json")
	good, _ := os.ReadFile(catalogJSON)
	for name, edit := range map[string]func(){
		"token count": func() {
			os.WriteFile(catalogJSON, []byte(strings.Replace(string(good), `"tokens": 75`, `"tokens": 74`, 1)), 0o644)
		},
		"operation": func() {
			os.WriteFile(filepath.Join(gen, "operations", "movie.graphql"), []byte("query X { movie }\n"), 0o644)
		},
		"manifest entry": func() { edit(t, filepath.Join(gen, ".toolgen.json"), `"sha256:`, `"sha256:0`) },
		"manifest input": func() { edit(t, filepath.Join(dir, "allowlist.yaml"), "maxTokens: 1000", "maxTokens: 1001") },
	} {
		if !strings.Contains(string(good), `"tokens": 75`) {
			t.Fatal("catalog.json has no token count to edit")
		}
		edit()
		code, _, stderr := toolgen(t, append(args, "-check")...)
		if code != 1 || !strings.Contains(stderr, "not fresh") {
			t.Errorf("%s edited: -check exit %d\n%s", name, code, stderr)
		}
		if code, _, stderr := toolgen(t, args...); code != 0 {
			t.Fatalf("%s: regenerate: %s", name, stderr)
		}
		if code, _, stderr := toolgen(t, append(args, "-check")...); code != 0 {
			t.Errorf("%s: not fresh after regenerating:\n%s", name, stderr)
		}
	}
}

func edit(t *testing.T, path, old, new string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(b), old) {
		t.Fatalf("%s lacks %q (%v)", path, old, err)
	}
	os.WriteFile(path, []byte(strings.Replace(string(b), old, new, 1)), 0o644)
}

func TestFailedGenerationWritesNothing(t *testing.T) {
	t.Parallel()
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

// TestSplitSchemaCheck: a schema in graph/*.graphqls generates, -check passes, and a change in
// any one file, a file added to the glob or one removed makes -check fail; an unquoted glob the
// shell expanded is refused before it drops the flags after it.
func TestSplitSchemaCheck(t *testing.T) {
	t.Parallel()
	dir, args := workspace(t)
	graph := filepath.Join(dir, "graph")
	splitSchema(t, readFile(t, filepath.Join(dir, "schema.graphql")), graph)
	extra := filepath.Join(graph, "extra.graphqls") // a file whose removal leaves a valid schema
	writeFile(t, extra, "scalar Extra\n")
	args[1] = filepath.Join(graph, "*.graphqls")
	if code, _, stderr := toolgen(t, args...); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	check := append(slices.Clone(args), "-check")
	if code, stdout, stderr := toolgen(t, check...); code != 0 {
		t.Fatalf("-check after generate: exit %d\n%s%s", code, stdout, stderr)
	}
	files, _ := filepath.Glob(args[1])
	one := files[len(files)/2]
	orig := readFile(t, one)
	for _, c := range []struct {
		name         string
		change, undo func()
	}{
		{"a changed file", func() { writeFile(t, one, orig+"\n\"An added type.\"\ntype Added {\n  a: Int\n}\n") }, func() { writeFile(t, one, orig) }},
		{"an added file", func() { writeFile(t, filepath.Join(graph, "zzz.graphqls"), "scalar Added\n") }, func() { os.Remove(filepath.Join(graph, "zzz.graphqls")) }},
		{"a removed file", func() { os.Remove(extra) }, func() { writeFile(t, extra, "scalar Extra\n") }},
	} {
		c.change()
		code, _, stderr := toolgen(t, check...)
		if code != 1 || !strings.Contains(stderr, "is not fresh") {
			t.Errorf("%s: -check exit %d, want 1 with a stale folder:\n%s", c.name, code, stderr)
		}
		c.undo()
		if code, _, stderr := toolgen(t, check...); code != 0 {
			t.Errorf("%s undone: -check exit %d\n%s", c.name, code, stderr)
		}
	}
	code, _, stderr := toolgen(t, "-schema", files[1], files[2], "-out", filepath.Join(dir, "other"))
	if code != 2 || !strings.Contains(stderr, "-schema 'graph/*.graphqls'") {
		t.Errorf("an expanded glob: exit %d\n%s", code, stderr)
	}
}
