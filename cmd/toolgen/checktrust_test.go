package main

import (
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/cachedir"
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
	if code, _, _ := toolgen(t, append(args, "-check")...); code == 0 {
		t.Error("-check passed a role over its maxTokens on a poisoned cache")
	}
}
