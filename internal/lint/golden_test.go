package lint_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/generate"
	"github.com/toolgen/toolgen/internal/golden"
	"github.com/toolgen/toolgen/internal/lint"
	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
)

// TestGolden compiles testdata/<case>/ (schema.graphql, allowlist.yaml, tool-selections/) and
// compares the diagnostics with want.txt. A case named <rule>-positive must report that rule,
// <rule>-negative must not; a lint-warn marker file runs the case as `toolgen -lint warn`.
func TestGolden(t *testing.T) {
	for _, dir := range golden.Cases(t, "allowlist.yaml") {
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			got := diagnostics(t, dir)
			golden.File(t, filepath.Join(dir, "want.txt"), []byte(got))
			if rule, ok := strings.CutSuffix(name, "-positive"); ok && !strings.Contains(got, rule+": ") {
				t.Errorf("positive case reports no %s:\n%s", rule, got)
			}
			if rule, ok := strings.CutSuffix(name, "-negative"); ok && strings.Contains(got, rule+": ") {
				t.Errorf("negative case reports %s:\n%s", rule, got)
			}
		})
	}
}

func diagnostics(t *testing.T, dir string) string {
	t.Helper()
	in, ds := generate.Read(dir, "schema.graphql", "allowlist.yaml", "tool-selections")
	if ds.HasErrors() {
		t.Fatalf("reading inputs: %s", ds)
	}
	if _, err := os.Stat(filepath.Join(dir, "lint-warn")); err == nil {
		in.LintAsWarnings = true
	}
	in.Tokens = tokentest.Cache(t) // the lints read counts; internal/generate tests the counting
	_, ds = compile.Compile(in)
	return ds.String()
}

// TestEveryRuleHasCases: each lint has a positive and a negative golden case.
func TestEveryRuleHasCases(t *testing.T) {
	for _, r := range lint.Rules() {
		for _, kind := range []string{"positive", "negative"} {
			if _, err := os.Stat(filepath.Join("testdata", r.ID+"-"+kind, "allowlist.yaml")); err != nil {
				t.Errorf("lint %s has no %s case: %v", r.ID, kind, err)
			}
		}
	}
}

// TestFixesNameTheAllowlist: a fix that sends the reader to the allow-list names the file
// given, not allowlist.yaml (toolgen -allowlist tools/agents.yaml).
func TestFixesNameTheAllowlist(t *testing.T) {
	dir := filepath.Join("testdata", "description-too-short-positive")
	in, ds := generate.Read(dir, "schema.graphql", "allowlist.yaml", "tool-selections")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	in.AllowlistPath, in.Tokens = "tools/agents.yaml", tokentest.Cache(t)
	_, ds = compile.Compile(in)
	got := ds.String()
	if !strings.Contains(got, "excuse it in tools/agents.yaml under tools.") || strings.Contains(got, "allowlist.yaml") {
		t.Errorf("fixes should name tools/agents.yaml only:\n%s", got)
	}
}
