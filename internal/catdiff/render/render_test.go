package render

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/catdiff"
)

// hostile is a report whose catalog text tries to break out of every format: Markdown and HTML
// markup, a table pipe, a hidden bidi override, newlines and GitHub's command separators.
func hostile() *catdiff.Report {
	desc := "Returns a movie. <img src=x onerror=alert(1)> | **bold** [link](http://x) \u202Egnp.exe\n::error::forged"
	return &catdiff.Report{
		SchemaVersion: 1,
		Summary:       catdiff.Summary{Dangerous: 1},
		Tokens:        catdiff.Tokens{ByRole: []catdiff.RoleTokens{{Role: "a|b", Old: 10, New: 12, Delta: 2}}},
		Changes: []catdiff.Change{{
			ID: "tool-description-changed", Level: catdiff.Dangerous, Flags: []string{}, Tool: "movie", Path: "/description",
			Message: "the description of \"movie\" changed: " + desc, Old: "Returns a movie.", New: desc,
			Fingerprint: "0123456789ab", TokenDelta: &catdiff.TokenDelta{Old: 4, New: 30, Delta: 26, Estimated: true},
		}},
	}
}

var codeSpan = regexp.MustCompile("`[^`]*`")

func TestMarkdownEscapes(t *testing.T) {
	var b bytes.Buffer
	if err := Markdown(&b, hostile(), Options{}); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	// Code spans show their text literally (GitHub renders no HTML in them), so look outside them.
	prose := codeSpan.ReplaceAllString(md, "`…`")
	for _, bad := range []string{"<img", "\u202E", "[link](", "| **bold**"} {
		if strings.Contains(prose, bad) {
			t.Errorf("Markdown holds %q unescaped:\n%s", bad, md)
		}
	}
	for _, want := range []string{"⟨U+202E⟩", "&lt;img", `a\|b`, "(≈+26 tokens)", "#### Dangerous (1)"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
}

func TestGitHubAnnotations(t *testing.T) {
	var b bytes.Buffer
	if err := GitHub(&b, hostile(), Options{NewPath: "generated/catalog.json"}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("want one annotation and the verdict, got %d lines:\n%s", len(lines), b.String())
	}
	if !strings.HasPrefix(lines[0], "::warning file=generated/catalog.json,title=tool-description-changed::") || !strings.Contains(lines[0], "%0A::error::forged") {
		t.Errorf("annotation not escaped as a warning on the catalog:\n%s", lines[0])
	}
}

func TestTextAndUnknownFormat(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "text", hostile(), Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "toolgen diff: 0 breaking, 1 dangerous, 0 safe\ndangerous tool-description-changed: ") {
		t.Errorf("text:\n%s", b.String())
	}
	if err := Write(&b, "yaml", hostile(), Options{}); err == nil {
		t.Error("an unknown format renders")
	}
}

// TestCostLegend: a new returned field is flagged cost while the per-role table, which counts
// tool definitions, shows +0 (the federation journey read the two as one); every human format
// says which cost it is, and a definition-token growth keeps its own wording.
func TestCostLegend(t *testing.T) {
	field := catdiff.Change{ID: "selection-field-added", Level: catdiff.Dangerous, Flags: []string{catdiff.FlagCost}, Tool: "product", Path: "/operation/product/weight", Message: `"product" now returns product.weight`}
	tokens := catdiff.Change{ID: "tool-tokens-changed", Level: catdiff.Safe, Flags: []string{catdiff.FlagCost}, Tool: "product", Path: "/tokens", Message: "tool costs 300 tokens, was 100"}
	r := &catdiff.Report{Summary: catdiff.Summary{Dangerous: 1, Safe: 1, Cost: 2}, Changes: []catdiff.Change{field, tokens},
		Tokens: catdiff.Tokens{ByRole: []catdiff.RoleTokens{{Role: "(all tools)", Old: 100, New: 300, Delta: 200}}}}
	for _, format := range []string{"markdown", "text"} {
		var b bytes.Buffer
		if err := Write(&b, format, r, Options{}); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"1 raise answer size; 1 raise definition tokens", "is answer size instead"} {
			if !strings.Contains(b.String(), want) {
				t.Errorf("%s lacks %q:\n%s", format, want, b.String())
			}
		}
	}
	r.Changes, r.Summary.Cost = []catdiff.Change{tokens}, 1
	var b bytes.Buffer
	_ = Write(&b, "markdown", r, Options{})
	if strings.Contains(b.String(), "answer size") {
		t.Errorf("a definition-token change alone gets the answer-size legend:\n%s", b.String())
	}
}
