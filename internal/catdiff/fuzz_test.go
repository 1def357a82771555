package catdiff_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/catdiff"
	"github.com/toolgen/toolgen/internal/catdiff/render"
	"github.com/toolgen/toolgen/internal/golden"
)

var fingerprint = regexp.MustCompile(`^[0-9a-f]{12}$`)

// FuzzDiff diffs two arbitrary catalogs that catalog.Parse accepts: no panic in any format (the
// Markdown also cut to 1,500 bytes), the
// JSON report is JSON, every fingerprint is twelve hex digits, and a catalog diffed with itself
// has no changes.
func FuzzDiff(f *testing.F) {
	old, _ := os.ReadFile(filepath.Join("testdata", "base.json"))
	for _, dir := range golden.Cases(f, "new.json") {
		new, _ := os.ReadFile(filepath.Join(dir, "new.json"))
		f.Add(old, new)
	}
	f.Fuzz(func(t *testing.T, oldData, newData []byte) {
		old, err := catalog.Parse(oldData)
		if err != nil {
			return
		}
		new, err := catalog.Parse(newData)
		if err != nil {
			return
		}
		checkDiff(t, old, new)
	})
}

// TestAllPairs diffs every golden catalog against every other, both ways: the same properties
// as FuzzDiff over inputs that differ in many places at once.
func TestAllPairs(t *testing.T) {
	var cats []*catalog.Catalog
	for _, dir := range golden.Cases(t, "new.json") {
		p := filepath.Join(dir, "new.json")
		data, _ := os.ReadFile(p)
		c, err := catalog.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		cats = append(cats, c)
	}
	for i, a := range cats {
		for j, b := range cats {
			// -short diffs each catalog with itself and its two neighbours; the full run, all pairs.
			if testing.Short() && j != i && j != (i+1)%len(cats) && i != (j+1)%len(cats) {
				continue
			}
			checkDiff(t, a, b)
		}
	}
}

func checkDiff(t *testing.T, old, new *catalog.Catalog) {
	t.Helper()
	r := catdiff.Diff(old, new, catdiff.Options{})
	for _, format := range []string{"markdown", "json", "text", "github"} {
		var buf bytes.Buffer
		if err := render.Write(&buf, format, r, render.Options{NewPath: "new.json"}); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if format == "json" && !json.Valid(buf.Bytes()) {
			t.Fatalf("the JSON report is not JSON:\n%s", buf.Bytes())
		}
	}
	var small bytes.Buffer // the fitting path: every section shrinks, none may panic
	if err := render.Markdown(&small, r, render.Options{MaxBytes: 1500}); err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Changes {
		if !fingerprint.MatchString(c.Fingerprint) {
			t.Fatalf("fingerprint %q", c.Fingerprint)
		}
	}
	if same := catdiff.Diff(new, new, catdiff.Options{}); len(same.Changes) != 0 {
		t.Fatalf("a catalog differs from itself: %+v", same.Changes)
	}
}
