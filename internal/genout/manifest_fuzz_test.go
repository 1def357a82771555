package genout

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReadManifest: .toolgen.json is committed with the output, so a pull request may hold any
// bytes there, and the files it lists are the ones toolgen deletes. Reading never panics, and a
// manifest it accepts lists only files inside the folder, never the manifest itself.
func FuzzReadManifest(f *testing.F) {
	f.Add([]byte(`{"generatedBy": "toolgen", "toolgen": "1", "inputs": {"schema": "sha256:00"}, "files": {"catalog.json": "sha256:00"}}`))
	f.Add([]byte(`{"generatedBy": "toolgen", "files": {"../../etc/passwd": "x"}}`))
	f.Add([]byte(`{"generatedBy": "toolgen", "files": {"a\\..\\..\\x": "x", "C:/x": "y"}}`))
	f.Add([]byte(`not json`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ManifestName), data, 0o644); err != nil {
			t.Fatal(err)
		}
		m, _, err := ReadManifest(dir)
		if err != nil {
			if !strings.Contains(err.Error(), ManifestName) {
				t.Fatalf("error does not name the manifest: %v", err)
			}
			return
		}
		for p := range m.Files {
			if !filepath.IsLocal(filepath.FromSlash(p)) || p == ManifestName {
				t.Fatalf("accepted %q", p)
			}
		}
	})
}
