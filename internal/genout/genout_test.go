package genout

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/catalog"
)

var inputs = map[string][]byte{"schema": []byte("type Query { a: Int }")}

func write(t *testing.T, dir string, files map[string][]byte) Report {
	t.Helper()
	r, err := Write(dir, files, NewManifest("1", inputs, files))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func put(t *testing.T, dir, p, content string) {
	t.Helper()
	full := filepath.Join(dir, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestWriteDeletesOnlyItsOwnFiles(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string][]byte{"a.json": []byte("1\n"), "sub/b.graphql": []byte("b\n"), "old/c.txt": []byte("c\n")})
	put(t, dir, "sub/notes.txt", "mine")
	r := write(t, dir, map[string][]byte{"a.json": []byte("1\n"), "sub/b.graphql": []byte("B\n")})
	want := Report{Written: []string{"sub/b.graphql"}, Deleted: []string{"old/c.txt"}, Foreign: []string{"sub/notes.txt"}}
	if diff := cmp.Diff(want, r); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
	if _, err := os.Stat(filepath.Join(dir, "old")); !os.IsNotExist(err) {
		t.Errorf("empty folder old/ survived: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "sub", "notes.txt")); err != nil || string(b) != "mine" {
		t.Errorf("a foreign file was touched: %q, %v", b, err)
	}
	m, _, err := ReadManifest(dir)
	if err != nil || m == nil || len(m.Files) != 2 || m.Files["a.json"] != catalog.FileDigest([]byte("1\n")) {
		t.Errorf("manifest after the second run: %+v, %v", m, err)
	}
}

// The regression of issue 10: -out on a folder of someone else's files deleted all of them.
func TestWriteRefusesAFolderItDidNotCreate(t *testing.T) {
	dir := t.TempDir()
	foreign := map[string]string{".git/HEAD": "ref: refs/heads/main\n", "go.mod": "module x\n", "main.go": "package main\n"}
	for p, c := range foreign {
		put(t, dir, p, c)
	}
	_, err := Write(dir, map[string][]byte{"catalog.json": []byte("{}\n"), "main.go": []byte("package generated\n")}, NewManifest("1", inputs, nil))
	if err == nil {
		t.Fatal("Write accepted a folder of foreign files")
	}
	for _, want := range []string{"refusing to write into " + dir, "3 file(s) toolgen did not generate (.git/HEAD, go.mod, main.go)", "nothing was written or deleted", "-out"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
	for p, c := range foreign {
		if b, err := os.ReadFile(filepath.Join(dir, p)); err != nil || string(b) != c {
			t.Errorf("%s changed: %q, %v", p, b, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ManifestName)); !os.IsNotExist(err) {
		t.Errorf("a manifest was written: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "catalog.json")); !os.IsNotExist(err) {
		t.Errorf("catalog.json was written: %v", err)
	}
}

func TestWriteRefusesToOverwriteAForeignFile(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string][]byte{"a.json": []byte("1\n")})
	put(t, dir, "b.json", "theirs")
	_, err := Write(dir, map[string][]byte{"a.json": []byte("2\n"), "b.json": []byte("ours\n")}, NewManifest("1", inputs, nil))
	if err == nil || !strings.Contains(err.Error(), "refusing to overwrite "+filepath.Join(dir, "b.json")) {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.json")); string(b) != "1\n" {
		t.Errorf("a.json was written before the refusal: %q", b)
	}
}

// A folder generated before manifests existed is adopted when every file has a generated shape
// and catalog.json is toolgen's; anything else in it makes it foreign.
func TestWriteAdoptsAFolderFromBeforeManifests(t *testing.T) {
	files := map[string][]byte{"catalog.json": []byte(`{"generatedBy": "toolgen", "v": 2}` + "\n"), "schemas/a.json": []byte("{}\n")}
	dir := t.TempDir()
	put(t, dir, "catalog.json", `{"generatedBy": "toolgen"}`)
	put(t, dir, "schemas/removed.json", "{}")
	r := write(t, dir, files)
	if diff := cmp.Diff([]string{"schemas/removed.json"}, r.Deleted); diff != "" {
		t.Errorf("deleted (-want +got):\n%s", diff)
	}
	for name, extra := range map[string]string{"README.md": "top-level file toolgen never writes", "other/x.json": "a folder toolgen never writes"} {
		dir := t.TempDir()
		put(t, dir, "catalog.json", `{"generatedBy": "toolgen"}`)
		put(t, dir, name, extra)
		if _, err := Write(dir, files, NewManifest("1", inputs, files)); err == nil {
			t.Errorf("adopted a folder holding %s (%s)", name, extra)
		}
	}
	dir = t.TempDir()
	put(t, dir, "catalog.json", `{"generatedBy": "someone"}`)
	if _, err := Write(dir, files, NewManifest("1", inputs, files)); err == nil {
		t.Error("adopted a folder whose catalog.json is not toolgen's")
	}
}

func TestWriteRefusesAFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "out")
	put(t, filepath.Dir(f), "out", "x")
	if _, err := Write(f, nil, Manifest{}); err == nil || !strings.Contains(err.Error(), "is a file, not a folder") {
		t.Errorf("err = %v", err)
	}
}

func TestWriteRefusesABadManifest(t *testing.T) {
	dir := t.TempDir()
	put(t, dir, ManifestName, `{"generatedBy": "toolgen", "files": {"../../etc/passwd": "x"}}`)
	if _, err := Write(dir, nil, NewManifest("1", inputs, nil)); err == nil || !strings.Contains(err.Error(), "not a file inside") {
		t.Errorf("err = %v", err)
	}
	put(t, dir, ManifestName, `not json`)
	if _, err := Write(dir, nil, NewManifest("1", inputs, nil)); err == nil || !strings.Contains(err.Error(), "is not a toolgen manifest") {
		t.Errorf("err = %v", err)
	}
}

func TestWriteRefusesEscapingPaths(t *testing.T) {
	for _, p := range []string{"../x", "/etc/x", "a/../../x", `a\..\x`, ManifestName} {
		if _, err := Write(t.TempDir(), map[string][]byte{p: nil}, Manifest{}); err == nil {
			t.Errorf("Write accepted %q", p)
		}
	}
}

func TestVerify(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{"a.json": []byte("1\n"), "old.json": []byte("o\n")}
	write(t, dir, files)
	if diff, fresh, err := Verify(dir, files, NewManifest("1", inputs, files)); !fresh || err != nil {
		t.Fatalf("fresh folder reported: %s %v", diff, err)
	}
	put(t, dir, "a.json", "2\n")
	put(t, dir, "mine.txt", "x")
	now := map[string][]byte{"a.json": []byte("1\n")}
	diff, fresh, _ := Verify(dir, now, NewManifest("1", inputs, now))
	for _, want := range []string{"stale: " + filepath.ToSlash(dir) + "/a.json", "stale: " + filepath.ToSlash(dir) + "/" + ManifestName, "orphan: " + filepath.ToSlash(dir) + "/old.json", "foreign: " + filepath.ToSlash(dir) + "/mine.txt"} {
		if fresh || !strings.Contains(diff, want) {
			t.Errorf("Verify lacks %q:\n%s", want, diff)
		}
	}
}

func TestUnchanged(t *testing.T) {
	files := map[string][]byte{"a.json": []byte("1\n"), "s/b.json": []byte("b\n")}
	fresh := func() string { dir := t.TempDir(); write(t, dir, files); return dir }
	dir := fresh()
	raw, n, ok := Unchanged(dir, "1", inputs)
	if !ok || n != 2 || string(raw) != string(NewManifest("1", inputs, files).Marshal()) {
		t.Fatalf("a fresh folder is not unchanged: %v %s", ok, raw)
	}
	for name, spoil := range map[string]func(dir string) (string, map[string][]byte){
		"edited file": func(dir string) (string, map[string][]byte) { put(t, dir, "s/b.json", "c\n"); return "1", inputs },
		"deleted file": func(dir string) (string, map[string][]byte) {
			os.Remove(filepath.Join(dir, "a.json"))
			return "1", inputs
		},
		"foreign file":  func(dir string) (string, map[string][]byte) { put(t, dir, "x", ""); return "1", inputs },
		"other version": func(dir string) (string, map[string][]byte) { return "2", inputs },
		"other inputs":  func(dir string) (string, map[string][]byte) { return "1", map[string][]byte{"schema": []byte("x")} },
	} {
		dir := fresh()
		v, in := spoil(dir)
		if _, _, ok := Unchanged(dir, v, in); ok {
			t.Errorf("%s: reported unchanged", name)
		}
	}
}

func TestDiff(t *testing.T) {
	got := Diff("a\nb\nc\nd\n", "a\nB\nc\nd\ne\n")
	want := "  @@ line 2 @@\n  -b\n  +B\n   c\n   d\n  +e\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	long := Diff(strings.Repeat("x\n", 100), strings.Repeat("y\n", 100))
	if !strings.Contains(long, "more lines differ") {
		t.Errorf("long diff not truncated:\n%s", long)
	}
}

// The manifest written before any file claims the old files too: a run that stops after it
// leaves nothing unowned.
func TestIntentClaimsOldAndAdoptedFiles(t *testing.T) {
	old := &Manifest{Files: map[string]string{"gone.json": "sha256:1", "kept.json": "sha256:2"}}
	m := NewManifest("1", inputs, map[string][]byte{"kept.json": []byte("k"), "new.json": []byte("n")})
	got := intent(m, old, map[string]bool{"gone.json": true, "kept.json": true, "legacy/x.json": true}).Files
	want := map[string]string{"gone.json": "sha256:1", "kept.json": catalog.FileDigest([]byte("k")), "new.json": catalog.FileDigest([]byte("n")), "legacy/x.json": "unknown"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("intent (-want +got):\n%s", diff)
	}
	if len(m.Files) != 2 {
		t.Errorf("intent changed the final manifest: %v", m.Files)
	}
}

// TestSymlinksAreNeverFollowed: a symbolic link inside a folder toolgen generated
// (operations -> ../victim, as a pull request can commit), or the folder itself being one, is
// refused before anything is written, and the file behind it stays as it was.
func TestSymlinksAreNeverFollowed(t *testing.T) {
	files := map[string][]byte{"operations/movie.graphql": []byte("generated")}
	for name, plant := range map[string]func(t *testing.T, out, victim string){
		"inside": func(t *testing.T, out, victim string) {
			write(t, out, files)
			if err := os.RemoveAll(filepath.Join(out, "operations")); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(victim, "operations"), filepath.Join(out, "operations")); err != nil {
				t.Fatal(err)
			}
		},
		"the folder": func(t *testing.T, out, victim string) {
			write(t, victim, files) // a folder toolgen owns, elsewhere
			if err := os.Symlink(victim, out); err != nil {
				t.Fatal(err)
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			out, victim := filepath.Join(root, "generated"), filepath.Join(root, "victim")
			plant(t, out, victim)
			precious := filepath.Join(victim, "operations", "movie.graphql")
			if err := os.MkdirAll(filepath.Dir(precious), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(precious, []byte("precious"), 0o644); err != nil {
				t.Fatal(err)
			}
			next := map[string][]byte{"operations/movie.graphql": []byte("overwritten")}
			_, err := Write(out, next, NewManifest("1", inputs, next))
			if err == nil || !strings.Contains(err.Error(), "symbolic link") {
				t.Errorf("Write through a link: err = %v, want a refusal naming the link", err)
			}
			if got, _ := os.ReadFile(precious); string(got) != "precious" {
				t.Errorf("the file behind the link now holds %q", got)
			}
		})
	}
}

// TestALinkPlantedAfterTheChecksLeadsNowhere: a symbolic link swapped in after Write's checks
// and before its writes (a subfolder, or the output folder itself, replaced by a link to a
// victim's folder: what a concurrent process can do) never makes toolgen write or delete outside
// the folder it checked. Before Write went through an os.Root, both wrote into the victim.
func TestALinkPlantedAfterTheChecksLeadsNowhere(t *testing.T) {
	files := map[string][]byte{"operations/movie.graphql": []byte("generated"), "operations/gone.graphql": []byte("old")}
	next := map[string][]byte{"operations/movie.graphql": []byte("overwritten"), "operations/new.graphql": []byte("planted")}
	for _, c := range []struct {
		name  string
		plant func(t *testing.T, out, victim string)
		check func(t *testing.T, out string, err error)
	}{{
		name: "a subfolder",
		plant: func(t *testing.T, out, victim string) {
			mustOK(t, os.RemoveAll(filepath.Join(out, "operations")))
			mustOK(t, os.Symlink(filepath.Join(victim, "operations"), filepath.Join(out, "operations")))
		},
		check: func(t *testing.T, out string, err error) {
			if want := filepath.Join(out, "operations") + " is a symbolic link inside the output folder"; err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("err = %v, want one naming the link (%q)", err, want)
			}
		},
	}, {
		name: "the folder",
		plant: func(t *testing.T, out, victim string) {
			mustOK(t, os.Rename(out, out+".moved"))
			mustOK(t, os.Symlink(victim, out))
		},
		check: func(t *testing.T, out string, err error) { // the folder it checked, wherever it is now, got the files
			if got := tree(t, out+".moved")["operations/movie.graphql"]; err != nil || got != "overwritten" {
				t.Errorf("the checked folder holds %q (err %v), want the new file", got, err)
			}
		},
	}} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			out, victim := filepath.Join(root, "generated"), filepath.Join(root, "victim")
			write(t, out, files)
			put(t, victim, "operations/movie.graphql", "precious")
			put(t, victim, "operations/gone.graphql", "precious too")
			before := tree(t, victim)
			afterChecks = func() { c.plant(t, out, victim) }
			defer func() { afterChecks = func() {} }()
			_, err := Write(out, next, NewManifest("1", inputs, next))
			if diff := cmp.Diff(before, tree(t, victim)); diff != "" {
				t.Errorf("toolgen wrote outside its folder, through the planted link (-before +after):\n%s", diff)
			}
			c.check(t, out, err)
		})
	}
}

func mustOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// tree reads every regular file under dir (links not followed), by slash path.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestWriteAllReportsTheFirstFailure writes many files on all cores, one of which cannot be
// created (its folder is a file): the error names it, and every file reported written is there.
func TestWriteAllReportsTheFirstFailure(t *testing.T) {
	dir := t.TempDir()
	put(t, dir, "blocked", "a file where a folder should be")
	files := map[string][]byte{}
	var order []string
	for i := range 200 {
		p := filepath.ToSlash(filepath.Join("ops", strings.Repeat("x", i%7+1), "f"+strings.Repeat("y", i)+".graphql"))
		if i == 120 {
			p = "blocked/f.graphql"
		}
		files[p], order = []byte(p), append(order, p)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	written, err := writeAll(root, dir, files, order)
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "blocked", "f.graphql")) {
		t.Fatalf("writeAll = %v, want the error of blocked/f.graphql", err)
	}
	for _, p := range written {
		if b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p))); err != nil || string(b) != p {
			t.Errorf("%s reported written, but reads %q, %v", p, b, err)
		}
	}
	if len(written) == 0 || len(written) >= len(order) {
		t.Errorf("%d of %d files reported written", len(written), len(order))
	}
	written, err = writeAll(root, dir, map[string][]byte{"ops/a": []byte("a"), "ops/b": []byte("b")}, []string{"ops/a", "ops/b"})
	if err != nil || !cmp.Equal(written, []string{"ops/a", "ops/b"}) {
		t.Errorf("writeAll = %v, %v; want both files in order", written, err)
	}
}
