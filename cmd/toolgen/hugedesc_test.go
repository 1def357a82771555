package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestHugeDescriptionsStayBounded: a schema (an introspected third party's) whose descriptions
// are each a megabyte of text the tokenizer cannot split (one word, one run of spaces, CJK
// without punctuation) is generated, CATALOG.md included, in seconds: counting 100 KB of one
// letter took 17 s and 4 MB hours, and each lint quoting a description of few words printed
// all of it. A megabyte of zero-width spaces is refused as quickly.
func TestHugeDescriptionsStayBounded(t *testing.T) {
	t.Parallel()
	const mb = 1 << 20
	generate := func(want int, descs ...string) string {
		var sdl, allow strings.Builder
		sdl.WriteString("type Query {\n")
		allow.WriteString("version: 1\ntools:\n")
		for i, d := range descs {
			name := string(rune('a'+i)) + "Movie"
			sdl.WriteString("  \"\"\"\n" + d + "\n  \"\"\"\n  " + name + "(id: ID!): Movie\n")
			allow.WriteString("  " + name + ": {}\n")
		}
		sdl.WriteString("}\ntype Movie { id: ID! title: String }\n")
		dir := t.TempDir()
		for name, text := range map[string]string{"schema.graphql": sdl.String(), "allowlist.yaml": allow.String()} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		os.Mkdir(filepath.Join(dir, "sel"), 0o755)
		start := time.Now()
		code, _, stderr := toolgen(t, "-schema", filepath.Join(dir, "schema.graphql"), "-allowlist", filepath.Join(dir, "allowlist.yaml"),
			"-selections", filepath.Join(dir, "sel"), "-out", filepath.Join(dir, "generated"))
		if took := time.Since(start); took > 30*time.Second {
			t.Errorf("generation took %v", took)
		}
		if code != want {
			t.Errorf("exit %d, want %d:\n%.2000s", code, want, stderr)
		}
		if len(stderr) > 64<<10 {
			t.Errorf("%d KiB of messages for %d descriptions", len(stderr)>>10, len(descs))
		}
		if page, err := os.Stat(filepath.Join(dir, "generated", "CATALOG.md")); want == 0 && (err != nil || page.Size() < int64(len(descs))*mb/2) {
			t.Errorf("CATALOG.md: %v, want every description on it", err)
		}
		return stderr
	}
	if stderr := generate(0, strings.Repeat("a", mb), "a"+strings.Repeat(" ", mb)+"b", strings.Repeat("漢字", mb/6)); !strings.Contains(stderr, "bytes in all") {
		t.Errorf("want the long descriptions cut in the messages:\n%.2000s", stderr)
	}
	if stderr := generate(1, "Returns a movie \u200b"+strings.Repeat("x\u200b", mb/4)); !strings.Contains(stderr, "description-injection") {
		t.Errorf("want the invisible code points refused:\n%.2000s", stderr)
	}
}
