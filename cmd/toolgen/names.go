package main

import (
	"fmt"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/toolgen/toolgen/internal/suggest"
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

// shownSchema is -schema as the generated header names it: each comma-separated entry (a file,
// a folder or a glob) as shown names a path.
func shownSchema(spec string) string {
	var out []string
	for e := range strings.SplitSeq(spec, ",") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, shown(e))
		}
	}
	return strings.Join(out, ",")
}

// schemaUsage is -schema's help, the same for generation and toolgen init.
const schemaUsage = "the GraphQL schema: a file (SDL, or a saved introspection result as JSON), a folder of *.graphql/*.graphqls files, " +
	"a glob such as 'graph/*.graphqls' (** for any folders; quote it), or several of those separated by commas; several files are read in sorted order"

// unexpectedArgs explains arguments left after the flags: most often a glob the shell expanded
// because it was not quoted, which would silently drop every flag after it.
func unexpectedArgs(cmd string, args []string) string {
	if cmd == "toolgen" && isWord(args[0]) {
		names := slices.Sorted(maps.Keys(subcommands))
		fix := "generating takes no command: run toolgen with its flags only"
		if c := suggest.Closest(args[0], names); c != "" {
			fix = fmt.Sprintf("did you mean toolgen %s? Generating takes no command: run toolgen with its flags only", c)
		}
		return fmt.Sprintf("toolgen: %q is not a command (the commands are %s); %s\n", args[0], strings.Join(names, ", "), fix)
	}
	return fmt.Sprintf("%s: unexpected argument %q; flags come before arguments, and a glob passed to -schema must be quoted so the shell does not expand it: -schema 'graph/*.graphqls'\n", cmd, args[0])
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

// isWord: an argument that reads as a command's name, not a file or a glob.
func isWord(s string) bool {
	return s != "" && !strings.ContainsAny(s, "./\\*?[") && !strings.HasSuffix(s, "graphql") && !strings.HasSuffix(s, "yaml")
}
