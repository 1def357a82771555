package main

import (
	"go/token"
	"path/filepath"
	"strings"
	"unicode"
)

// packageName derives the generated package's default name from the output folder, as Go
// tooling expects a package named after its directory: "internal/ai-tools" gives "aitools",
// and "." the current folder's name.
func packageName(out string) string {
	if abs, err := filepath.Abs(out); err == nil {
		out = abs
	}
	base := filepath.Base(out)
	var b strings.Builder
	for _, r := range strings.ToLower(base) {
		if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	name := strings.TrimLeft(b.String(), "0123456789_")
	if name == "" || !token.IsIdentifier(name) || token.IsKeyword(name) {
		return "tools" // "." or a folder named like a keyword: still a package that compiles
	}
	return name
}

// shown is an input path as the generated header names it: as given when relative, the base name
// when absolute, so the output does not depend on where the checkout lives.
func shown(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Base(p)
	}
	return filepath.ToSlash(filepath.Clean(p))
}

// regenerate is the command that rewrites the output, for the message of a failed -check: the
// same arguments without -check, so the hint names the files actually used.
func regenerate(args []string) string {
	parts := []string{"toolgen"}
	for _, a := range args {
		if a == "-check" || a == "--check" || strings.HasPrefix(a, "-check=") || strings.HasPrefix(a, "--check=") {
			continue
		}
		parts = append(parts, quoteArg(a))
	}
	return strings.Join(parts, " ")
}

// quoteArg quotes an argument a shell would split.
func quoteArg(a string) string {
	if a != "" && !strings.ContainsAny(a, " \t\n'\"\\$`*?[]{}()<>|&;#~") {
		return a
	}
	return "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
}
