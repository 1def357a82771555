package catdiff_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/catdiff"
	"github.com/toolgen/toolgen/internal/catdiff/render"
	"github.com/toolgen/toolgen/internal/golden"
)

// TestGolden diffs testdata/base.json (the old catalog of every case) against
// testdata/<rule>/new.json and compares the Markdown and JSON reports with want.md and
// want.json beside it; each case must produce the rule it is named after (testdata/<rule>, or
// testdata/<rule>.<variant> for a rule's further cases).
func TestGolden(t *testing.T) {
	for _, dir := range golden.Cases(t, "new.json") {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			r := diffFiles(t, filepath.Join("testdata", "base.json"), filepath.Join(dir, "new.json"))
			id, _, _ := strings.Cut(filepath.Base(dir), ".")
			if !slices.ContainsFunc(r.Changes, func(c catdiff.Change) bool { return c.ID == id }) && id != "unchanged" {
				t.Errorf("case %s does not produce a %s change", dir, id)
			}
			for format, file := range map[string]string{"markdown": "want.md", "json": "want.json"} {
				var buf bytes.Buffer
				if err := render.Write(&buf, format, r, render.Options{}); err != nil {
					t.Fatal(err)
				}
				golden.File(t, filepath.Join(dir, file), buf.Bytes())
			}
		})
	}
}

func diffFiles(t testing.TB, oldPath, newPath string) *catdiff.Report {
	t.Helper()
	old, oldOK, err := catdiff.Load(oldPath)
	if err != nil {
		t.Fatal(err)
	}
	new, newOK, err := catdiff.Load(newPath)
	if err != nil {
		t.Fatal(err)
	}
	r := catdiff.Diff(old, new, catdiff.Options{})
	r.Old.DigestValid, r.New.DigestValid = oldOK, newOK
	return r
}

// TestEveryRuleHasACase: a rule without a golden case is a rule nobody has seen fire.
func TestEveryRuleHasACase(t *testing.T) {
	for _, r := range catdiff.Rules() {
		if _, err := os.Stat(filepath.Join("testdata", r.ID, "new.json")); err != nil {
			t.Errorf("rule %s has no golden case: %v", r.ID, err)
		}
	}
}

var _ = flag.Bool
