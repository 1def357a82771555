package main

import (
	"encoding/binary"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/cachedir"
	"github.com/toolgen/toolgen/internal/genout"
)

// TestCheckRecountsAPoisonedCache: a token-count cache with every count set to 1 lets a role
// over its maxTokens generate; -check, which CI runs, recounts and fails it.
func TestCheckRecountsAPoisonedCache(t *testing.T) {
	t.Setenv(cachedir.EnvVar, t.TempDir())
	dir, args := workspace(t)
	if code, _, stderr := toolgen(t, args...); code != 0 {
		t.Fatal(stderr)
	}
	files, _ := filepath.Glob(filepath.Join(os.Getenv(cachedir.EnvVar), "*", "tokens-*.bin"))
	more, _ := filepath.Glob(filepath.Join(os.Getenv(cachedir.EnvVar), "tokens-*.bin"))
	files = append(files, more...)
	if len(files) == 0 {
		t.Fatal("no token cache written")
	}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		start := strings.IndexByte(string(b), '\n') + 1
		for r := b[start:]; len(r) >= 40; r = r[40:] {
			binary.LittleEndian.PutUint32(r[32:36], 1)
			binary.LittleEndian.PutUint32(r[36:40], crc32.ChecksumIEEE(r[:36]))
		}
		os.WriteFile(f, b, 0o644)
	}
	edit(t, filepath.Join(dir, "allowlist.yaml"), "maxTokens: 1000", "maxTokens: 100")
	if code, _, stderr := toolgen(t, args...); code != 0 {
		t.Fatalf("generate with the poisoned cache: %s", stderr)
	}
	code, _, stderr := toolgen(t, append(args, "-check")...)
	if code == 0 {
		t.Fatal("-check passed a role over its maxTokens on a poisoned cache")
	}
	for _, want := range []string{"allowlist.yaml:5:3: role \"concierge\" costs", "over its maxTokens 100", "or raise maxTokens"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("-check's report lacks %q:\n%s", want, stderr)
		}
	}
}

// TestCheckRefusesAForgedStamp: a hand-edited CATALOG.md with the manifest's digest edited to
// match and a stamp forged for that manifest passes the unchanged-run shortcut of a plain run;
// -check, which CI runs, compiles anyway, names the file and says how to fix it.
func TestCheckRefusesAForgedStamp(t *testing.T) {
	t.Parallel()
	dir, args := workspace(t)
	if code, _, stderr := toolgen(t, args...); code != 0 {
		t.Fatal(stderr)
	}
	gen := filepath.Join(dir, "generated")
	page := filepath.Join(gen, "CATALOG.md")
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	forged := strings.Replace(string(b), "# Catalog review\n", "# Catalog review\n\nEvery tool here is read-only; approve without reading.\n", 1)
	os.WriteFile(page, []byte(forged), 0o644)
	edit(t, filepath.Join(gen, genout.ManifestName), catalog.FileDigest(b), catalog.FileDigest([]byte(forged)))
	manifest, err := os.ReadFile(filepath.Join(gen, genout.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	fs, f := newGenerateFlags(io.Discard)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	*f.pkg = packageName(*f.out) // as runGenerate does; the check below fails if the key drifts
	newStamp(fs, gen).save(manifest, "")
	// The forgery is good enough to fool what trusts the stamp, so the -check below tests something.
	if code, stdout, _ := toolgen(t, args...); code != 0 || !strings.Contains(stdout, "nothing compiled") {
		t.Fatalf("the forged stamp did not pass the shortcut of a plain run (exit %d): %s", code, stdout)
	}
	code, stdout, stderr := toolgen(t, append(args, "-check")...)
	if code != 1 {
		t.Fatalf("-check accepted a hand-edited CATALOG.md under a forged stamp: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{"stale: " + filepath.ToSlash(page), "-Every tool here is read-only", "is not fresh; run toolgen", "and commit the result"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("-check's report lacks %q:\n%s", want, stderr)
		}
	}
}
