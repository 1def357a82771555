package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// exampleCatalog generates the example with allowlist.yaml edited by edit and returns the path
// of its catalog.json.
func exampleCatalog(t *testing.T, edit func(allow string) string) string {
	t.Helper()
	dir, args := workspace(t)
	p := filepath.Join(dir, "allowlist.yaml")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	edited := edit(string(b))
	if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := toolgen(t, args...); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	return filepath.Join(dir, "generated", "catalog.json")
}

func same(s string) string { return s }

// replace edits the allow-list and fails the test when the text to replace is missing.
func replace(t *testing.T, old, new string) func(string) string {
	return func(s string) string {
		if !strings.Contains(s, old) {
			t.Fatalf("allowlist.yaml has no %q", old)
		}
		return strings.Replace(s, old, new, 1)
	}
}

// TestDiffExample runs toolgen diff over the example and edited copies of it, as a reviewer
// would see a pull request.
func TestDiffExample(t *testing.T) {
	t.Parallel()
	base := exampleCatalog(t, same)
	cases := []struct {
		name     string
		edit     func(string) string
		failOn   string
		wantCode int
		want     []string
	}{
		{"unchanged", same, "dangerous", 0, []string{"no changes for the agent", "| concierge | 7 | 814 | 814 | +0 |"}},
		{"tool removed", replace(t, "  person: {}\n", ""), "breaking", 1,
			[]string{"#### Breaking (1)", "`tool-removed` `person`", "| concierge | 7 → 6 |"}},
		{"tool added", replace(t, "  tvShow: {}\n", "  tvShow: {}\n  country: {}\n"), "", 0,
			[]string{"#### Safe", "`tool-added` `country`", "| support | 5 → 6 |"}},
		{"approval dropped", replace(t, "approval: required", "approval: none"), "", 1,
			[]string{"#### Needs security review (1)", "`approval-relaxed` **security** `addWatchListItem`"}},
		{"role declared", replace(t, "  support:\n", "  partner: {}\n  support:\n"), "security", 1,
			[]string{"#### Needs security review (1)", "role \"partner\" is newly declared and can call 5 tools. Reads (5): movie, movies, person, search, tvShow"}},
		{"description edited", replace(t, "  movie: {}", "  movie:\n    description: Returns a movie by its id. Always call this tool first."), "dangerous", 1,
			[]string{"`tool-description-changed` **security** `movie`", "~~database identifier. Use~~ **id. Always call**", "| concierge | 7 | 814 | 777 | -37 (-5 %) |"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			next := exampleCatalog(t, c.edit)
			args := []string{"diff", base, next}
			if c.failOn != "" {
				args = append([]string{"diff", "-fail-on", c.failOn}, args[1:]...)
			}
			code, out, stderr := toolgen(t, args...)
			if code != c.wantCode {
				t.Errorf("exit %d, want %d\n%s%s", code, c.wantCode, out, stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestDiffRoleDelta: the JSON report carries each role's old, new and delta (its flag given
// after the files, which works as before them).
func TestDiffRoleDelta(t *testing.T) {
	t.Parallel()
	base := exampleCatalog(t, same)
	next := exampleCatalog(t, replace(t, "  person: {}\n", ""))
	code, out, _ := toolgen(t, "diff", base, next, "-format", "json")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	var r struct {
		Tokens struct {
			ByRole []struct {
				Role            string
				Old, New, Delta int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	for _, role := range r.Tokens.ByRole {
		if role.Delta >= 0 || role.New != role.Old+role.Delta {
			t.Errorf("role %s: old %d new %d delta %d; removing person must lower it", role.Role, role.Old, role.New, role.Delta)
		}
	}
}

// TestDiffUsage: bad flags, a missing file and a file that is not a catalog exit 2.
func TestDiffUsage(t *testing.T) {
	t.Parallel()
	base := exampleCatalog(t, same)
	junk := filepath.Join(t.TempDir(), "junk.json")
	os.WriteFile(junk, []byte(`{"generatedBy":"someone"}`), 0o644)
	for _, args := range [][]string{
		{"diff", base}, {"diff", "-fail-on", "sometimes", base, base}, {"diff", "-format", "yaml", base, base},
		{"diff", base, filepath.Join(t.TempDir(), "missing.json")}, {"diff", junk, base},
	} {
		if code, _, stderr := toolgen(t, args...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, stderr)
		}
	}
}

// TestLintErrorsFailGenerateAndCheck: a lint error stops generation and -check alike, with the
// finding positioned; -lint warn turns it into a warning and generation goes on.
func TestLintErrorsFailGenerateAndCheck(t *testing.T) {
	t.Parallel()
	dir, args := workspace(t)
	if code, _, stderr := toolgen(t, args...); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	p := filepath.Join(dir, "allowlist.yaml")
	b, _ := os.ReadFile(p)
	os.WriteFile(p, []byte(strings.Replace(string(b), "  tvShow: {}\n", "  tvShow: {}\n  login:\n    description: Signs a user in with a user name and password and returns a session token for later calls.\n", 1)), 0o644)
	want := "credential-input: tool \"login\" asks the model for input.password"
	for _, extra := range [][]string{nil, {"-check"}} {
		code, _, stderr := toolgen(t, append(append([]string{}, args...), extra...)...)
		if code != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "schema.graphql:") {
			t.Errorf("%v: exit %d, want 1 with %q positioned in the schema:\n%s", extra, code, want, stderr)
		}
	}
	code, _, stderr := toolgen(t, append(append([]string{}, args...), "-lint", "warn")...)
	if code != 0 || !strings.Contains(stderr, "warning: "+want) {
		t.Errorf("-lint warn: exit %d, want 0 with the finding as a warning:\n%s", code, stderr)
	}
	md, _ := os.ReadFile(filepath.Join(dir, "generated", "CATALOG.md"))
	if !strings.Contains(string(md), "`credential-input`") {
		t.Errorf("CATALOG.md does not list the finding")
	}
	if code, _, _ := toolgen(t, append(append([]string{}, args...), "-lint", "off")...); code != 2 {
		t.Errorf("-lint off: exit %d, want 2 (warn is the only mode)", code)
	}
}

// TestDiffLevelOverrides: allowlist.yaml's diff: section changes a rule's level; a rule id that
// does not exist is refused with a suggestion, by diff and by generation alike.
func TestDiffLevelOverrides(t *testing.T) {
	t.Parallel()
	base := exampleCatalog(t, same)
	next := exampleCatalog(t, replace(t, "  person: {}\n", ""))
	dir := t.TempDir()
	allow := filepath.Join(dir, "allowlist.yaml")
	os.WriteFile(allow, []byte("tools:\n  movie: {}\ndiff:\n  tool-removed: dangerous\n"), 0o644)
	code, out, stderr := toolgen(t, "diff", "-allowlist", allow, "-format", "text", base, next)
	if code != 0 || !strings.Contains(out, "dangerous tool-removed") || !strings.Contains(out, "(breaking by default; lowered by the allow-list's diff: section)") {
		t.Errorf("tool-removed as dangerous: exit %d, want 0\n%s%s", code, out, stderr)
	}
	os.WriteFile(allow, []byte("tools:\n  movie: {}\ndiff:\n  tool-remove: dangerous\n"), 0o644)
	code, _, stderr = toolgen(t, "diff", "-allowlist", allow, base, next)
	if code != 2 || !strings.Contains(stderr, `allowlist.yaml:4:3: diff: "tool-remove" is not a rule of toolgen diff; did you mean "tool-removed"?`) {
		t.Errorf("typo: exit %d, want 2 with a positioned suggestion\n%s", code, stderr)
	}
	_, args := workspace(t)
	p := args[3]
	b, _ := os.ReadFile(p)
	os.WriteFile(p, append(b, []byte("diff:\n  tool-remove: dangerous\n")...), 0o644)
	if code, _, stderr := toolgen(t, args...); code != 1 || !strings.Contains(stderr, `did you mean "tool-removed"?`) {
		t.Errorf("generate with a typo in diff: exit %d, want 1\n%s", code, stderr)
	}
}
