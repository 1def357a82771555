package render

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/catdiff"
)

// bigReport is a schema upgrade's report: sec security changes, 3 breaking ones, and per tool
// of 300 a dozen removed result fields and a few added ones.
func bigReport(sec int) *catdiff.Report {
	r := &catdiff.Report{SchemaVersion: 1, Tokens: catdiff.Tokens{ByRole: []catdiff.RoleTokens{{Role: "(all tools)", Old: 1000, New: 900}}}}
	add := func(id string, l catdiff.Level, flags []string, tool, msg string) {
		r.Changes = append(r.Changes, catdiff.Change{ID: id, Level: l, Flags: flags, Tool: tool, Path: "/operation/" + msg,
			Message: msg, Old: msg, Fingerprint: fmt.Sprintf("%012x", len(r.Changes))})
	}
	for i := range sec {
		add("selection-sensitive-field-added", catdiff.Dangerous, []string{catdiff.FlagSecurity}, fmt.Sprintf("tool%03d", i%300), fmt.Sprintf("now returns viewer.email%d, which reads as a secret or personal data", i))
	}
	for i := range 3 {
		add("input-property-removed", catdiff.Breaking, []string{}, fmt.Sprintf("tool%03d", i), "input input.id was removed: calls that pass it are now rejected")
	}
	for t := range 300 {
		for f := range 12 {
			add("selection-field-removed", catdiff.Dangerous, []string{}, fmt.Sprintf("tool%03d", t), fmt.Sprintf("no longer returns node.(on Issue).field%d", f))
		}
		for f := range 3 {
			add("selection-field-added", catdiff.Safe, []string{catdiff.FlagCost}, fmt.Sprintf("tool%03d", t), fmt.Sprintf("now returns node.(on Issue).extra%d", f))
		}
	}
	r.Summary = catdiff.Summary{Breaking: 3, Dangerous: sec + 3600, Safe: 900, Security: sec}
	return r
}

// TestMarkdownFits: capped, the comment keeps every security and breaking change, counts the
// rest, says what it left out and where every change is; uncapped it is far longer.
func TestMarkdownFits(t *testing.T) {
	r := bigReport(40)
	var full, capped bytes.Buffer
	Markdown(&full, r, Options{})
	Markdown(&capped, r, Options{MaxBytes: CommentBytes})
	if full.Len() <= 4*CommentBytes {
		t.Fatalf("the uncapped report is %d bytes: the test needs a larger one", full.Len())
	}
	md := capped.String()
	if len(md) > CommentBytes {
		t.Errorf("capped report is %d bytes, over %d", len(md), CommentBytes)
	}
	for _, c := range r.Changes {
		if (c.Has(catdiff.FlagSecurity) || c.Level == catdiff.Breaking) && !strings.Contains(md, inline(c.Message)) {
			t.Errorf("the capped report lost %s %s: %s", c.ID, c.Tool, c.Message)
		}
	}
	for _, want := range []string{"> **Shortened to fit a pull-request comment**", "`toolgen diff -format json`", "#### Tokens per role",
		"#### Dangerous (3640)", "`selection-field-removed` ×12", "#### Safe (900)"} {
		if !strings.Contains(md, want) {
			t.Errorf("the capped report lacks %q", want)
		}
	}
	if strings.Contains(full.String(), "Shortened") {
		t.Error("the uncapped report says it was shortened")
	}
}

// TestMarkdownFitsSecurityFlood: when the security changes alone are too many, they are cut last,
// with a count, and the comment still fits.
func TestMarkdownFitsSecurityFlood(t *testing.T) {
	var b bytes.Buffer
	Markdown(&b, bigReport(3000), Options{MaxBytes: CommentBytes})
	md := b.String()
	if len(md) > CommentBytes || !strings.Contains(md, "more, not shown here") || !strings.Contains(md, "security changes") {
		t.Errorf("%d bytes; want at most %d, the security list cut with a count:\n%s", len(md), CommentBytes, md[:2000])
	}
	if !strings.Contains(md, "input input.id was removed") {
		t.Error("the breaking changes were dropped")
	}
}

// TestGitHubSecurityFirst: security findings lead, as errors; each kind stops at what GitHub
// shows, and the verdict counts the rest; every annotation names its tool.
func TestGitHubSecurityFirst(t *testing.T) {
	var b bytes.Buffer
	if err := GitHub(&b, bigReport(2), Options{NewPath: "catalog.json"}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if !strings.HasPrefix(lines[0], "::error file=catalog.json,title=selection-sensitive-field-added (security)::tool000: now returns viewer.email0") {
		t.Errorf("first annotation: %s", lines[0])
	}
	kinds := map[string]int{}
	seen := map[string]bool{}
	for _, l := range lines {
		kinds[l[2:strings.IndexByte(l, ' ')]]++
		if seen[l] {
			t.Errorf("twice: %s", l)
		}
		seen[l] = true
	}
	if kinds["error"] != 5 || kinds["warning"] != annotationsPerKind || kinds["notice"] != annotationsPerKind {
		t.Errorf("annotations per kind %v; want 5 errors and %d warnings and notices", kinds, annotationsPerKind)
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "4481 more not annotated") {
		t.Errorf("verdict: %s", last)
	}
}
