package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// mistake is one thing a new team gets wrong in its inputs or on the command line, and what
// toolgen must answer: the exit code and fragments of stderr (where, what, how to fix). A failed
// run must leave generated/ as it was, and no run may change an input.
type mistake struct {
	name string
	edit func(t *testing.T, dir string) // changes the example inputs in dir
	args []string                       // extra flags; the workspace's own come first
	code int
	want []string // fragments of stderr, in any order
}

// replaceIn replaces old with new in the file at rel (edit fails when old is not there, so a
// change to the example inputs cannot turn a case into a no-op).
func replaceIn(rel, old, new string) func(t *testing.T, dir string) {
	return func(t *testing.T, dir string) { t.Helper(); edit(t, filepath.Join(dir, rel), old, new) }
}

func write(rel, text string) func(t *testing.T, dir string) {
	return func(t *testing.T, dir string) {
		t.Helper()
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func rename(from, to string) func(t *testing.T, dir string) {
	return func(t *testing.T, dir string) {
		t.Helper()
		if err := os.Rename(filepath.Join(dir, from), filepath.Join(dir, to)); err != nil {
			t.Fatal(err)
		}
	}
}

var mistakes = []mistake{
	{name: "allowlist saved as Latin-1", edit: replaceIn("allowlist.yaml", "Answers questions", "R\xe9pond"), code: 1,
		want: []string{"allowlist.yaml:9:19: byte 0xE9 is not UTF-8", "save it as UTF-8"}},
	{name: "allowlist saved as UTF-16", edit: write("allowlist.yaml", "\xff\xfet\x00o\x00"), code: 1,
		want: []string{"allowlist.yaml: the file is saved as UTF-16, not UTF-8; save it as UTF-8"}},
	{name: "schema saved as Latin-1", edit: replaceIn("schema.graphql", `"""`, "\"\"\"caf\xe9 "), code: 1,
		want: []string{"schema.graphql:", "byte 0xE9 is not UTF-8", "save it as UTF-8"}},
	{name: "schema with a NUL byte", edit: replaceIn("schema.graphql", "type Mutation {", "\x00type Mutation {"), code: 1,
		want: []string{"schema.graphql:", "holds a NUL byte"}},
	{name: "override saved as UTF-16 without a byte-order mark", edit: write("tool-selections/movies.graphql", "q\x00u\x00e\x00r\x00y\x00"), code: 1,
		want: []string{"tool-selections/movies.graphql: the file is saved as UTF-16"}},
	{name: "empty override", edit: write("tool-selections/movies.graphql", ""), code: 1,
		want: []string{"tool-selections/movies.graphql:1:1: the file holds no operation, want one named Tool_movies; write query Tool_movies"}},
	{name: "override written as a subscription", edit: replaceIn("tool-selections/movies.graphql", "query Tool_movies", "subscription Tool_movies"), code: 1,
		want: []string{"tool-selections/movies.graphql:4:1: the operation is a subscription, but movies is a query field; write query Tool_movies"}},
	{name: "override of a query written as a mutation", edit: replaceIn("tool-selections/movies.graphql", "query Tool_movies", "mutation Tool_movies"), code: 1,
		want: []string{"tool-selections/movies.graphql:4:1: the operation is a mutation, but movies is a query field; write query Tool_movies"}},
	{name: "override of a mutation written as a query", edit: replaceIn("tool-selections/addWatchListItem.graphql", "mutation Tool_addWatchListItem", "query Tool_addWatchListItem"), code: 1,
		want: []string{"tool-selections/addWatchListItem.graphql:4:1: the operation is a query, but addWatchListItem is a mutation field; write mutation Tool_addWatchListItem"}},
	{name: "override uses a variable it does not declare", edit: replaceIn("tool-selections/movies.graphql", ", $sort: MovieSort)", ")"), code: 1,
		want: []string{`tool-selections/movies.graphql:5:59: variable "$sort" is not defined by operation "Tool_movies"; declare it with its type`}},
	{name: "override declares a variable of the wrong type", edit: replaceIn("tool-selections/movies.graphql", "$page: Int,", "$page: String,"), code: 1,
		want: []string{`tool-selections/movies.graphql:5:33: variable "$page" of type "String" used in position expecting type "Int"; declare $page as Int`}},
	{name: "override leaves out a required argument", edit: replaceIn("tool-selections/search.graphql", "search(query: $query)", "search"), code: 1,
		want: []string{`tool-selections/search.graphql:6:3: field "search" argument "query" of type "String!" is required, but it was not provided; pass it: search(query: $query`}},
	{name: "override spreads a fragment on an impossible type, reported once", edit: replaceIn("tool-selections/movies.graphql", "fragment MovieCard on Movie", "fragment MovieCard on Person"), code: 1,
		want: []string{`tool-selections/movies.graphql:6:18: fragment "MovieCard" cannot be spread here`, "change the fragment's on type", "toolgen: 4 problems"}},
	{name: "override with a single-quoted string", edit: replaceIn("tool-selections/search.graphql", "search(query: $query)", "search(query: 'matrix')"), code: 1,
		want: []string{"tool-selections/search.graphql:6:17: unexpected character ' (a single quote); GraphQL strings take double quotes"}},
	{name: "override whose braces are not closed", edit: write("tool-selections/movies.graphql", "query Tool_movies {\n  movies {\n    totalElements\n  \n}\n"), code: 1,
		want: []string{"tool-selections/movies.graphql:6:1: expected Name, found <EOF>; the text ends too early: close every { with }"}},
	{name: "schema saved from a login page", edit: write("schema.graphql", "<!DOCTYPE html>\n<html><body>Sign in</body></html>\n"), code: 1,
		want: []string{"schema.graphql:1:1: unexpected character <; this looks like HTML"}},
	{name: "override saved as .gql", edit: rename("tool-selections/movies.graphql", "tool-selections/movies.gql"), code: 1,
		want: []string{"tool-selections/movies.gql: this override is not read", "; rename it to /", "/tool-selections/movies.graphql\n"}},
	{name: "override saved as .graphqls", edit: rename("tool-selections/movies.graphql", "tool-selections/movies.graphqls"), code: 1,
		want: []string{"tool-selections/movies.graphqls: this override is not read", "; rename it to /", "/tool-selections/movies.graphql\n"}},
	{name: "one file of a schema split over two", edit: func(t *testing.T, dir string) {
		b, _ := os.ReadFile(filepath.Join(dir, "schema.graphql"))
		i := strings.Index(string(b), "type Mutation {")
		write("schema.graphql", string(b[:i]))(t, dir)
		write("mutations.graphql", string(b[i:]))(t, dir)
	}, code: 1, want: []string{"schema.graphql:", "undefined type", "Review is declared in", "mutations.graphql, which was not given", "(the folder) or a glob of its files"}},
	{name: "unknown flag", args: []string{"-allow", "allowlist.yaml"}, code: 2,
		want: []string{"toolgen: -allow is not a flag; did you mean -allowlist? `toolgen -h` lists the flags\n"}},
	{name: "flag without its value", args: []string{"-out"}, code: 2,
		want: []string{"toolgen: -out needs a value"}},
	{name: "generate typed as a command", args: []string{"generate"}, code: 2,
		want: []string{`toolgen: "generate" is not a command (the commands are diff, help, init, introspect); generating takes no command`}},
	{name: "package name that is no Go identifier", args: []string{"-package", "9tools"}, code: 2,
		want: []string{`toolgen: -package "9tools" is not a Go package name; write a lower-case identifier, such as tools`}},
	{name: "output folder that cannot be created", edit: func(t *testing.T, dir string) {
		if os.Getuid() == 0 {
			t.Skip("root writes into any folder")
		}
		os.Mkdir(filepath.Join(dir, "locked"), 0o555)
	}, args: []string{"-out", "{dir}/locked/gen"}, code: 1,
		want: []string{"permission denied; toolgen may not write into ", "/locked/gen: make it writable, or pick another folder with -out", "(nothing was written)"}},
}

// mistakesThatWork are inputs that look wrong but are fine: each must generate.
var mistakesThatWork = []mistake{
	{name: "allowlist with a byte-order mark", edit: replaceIn("allowlist.yaml", "# Which", "\ufeff# Which")},
	{name: "allowlist with CRLF line ends", edit: func(t *testing.T, dir string) {
		b, _ := os.ReadFile(filepath.Join(dir, "allowlist.yaml"))
		write("allowlist.yaml", strings.ReplaceAll(string(b), "\n", "\r\n"))(t, dir)
	}},
	{name: "override moved into a subfolder is named", edit: func(t *testing.T, dir string) {
		os.Mkdir(filepath.Join(dir, "tool-selections", "old"), 0o755)
		rename("tool-selections/movies.graphql", "tool-selections/old/movies.graphql")(t, dir)
	}, want: []string{"tool-selections/old: warning: the folder holds 1 override that toolgen does not read"}},
}

// TestMistakes: every mistake gets a clear error that names where it is and how to fix it, and
// loses nothing: generated/ stays byte for byte as the last good run left it.
func TestMistakes(t *testing.T) {
	t.Parallel()
	for _, m := range append(mistakes, mistakesThatWork...) {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			dir, args := workspace(t)
			if code, _, stderr := toolgen(t, args...); code != 0 {
				t.Fatalf("the example does not generate: %s", stderr)
			}
			gen := filepath.Join(dir, "generated")
			before := snapshot(t, gen)
			if m.edit != nil {
				m.edit(t, dir)
			}
			inputs := snapshot(t, dir)
			for _, a := range m.args {
				args = append(args, strings.ReplaceAll(a, "{dir}", dir))
			}
			code, _, stderr := toolgen(t, args...)
			if code != m.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, m.code, stderr)
			}
			for _, w := range m.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
			seen := map[string]bool{}
			for _, l := range strings.Split(stderr, "\n") {
				if seen[l] && l != "" {
					t.Errorf("stderr repeats %q", l)
				}
				seen[l] = true
			}
			if strings.Contains(stderr, "panic") {
				t.Errorf("stderr mentions a panic:\n%s", stderr)
			}
			after := snapshot(t, dir)
			for p := range after {
				if strings.HasPrefix(p, gen+string(filepath.Separator)) {
					delete(after, p)
				}
			}
			for p := range inputs {
				if strings.HasPrefix(p, gen+string(filepath.Separator)) {
					delete(inputs, p)
				}
			}
			if diff := cmp.Diff(inputs, after); diff != "" {
				t.Errorf("the run changed an input:\n%s", diff)
			}
			if m.code != 0 {
				if diff := cmp.Diff(before, snapshot(t, gen)); diff != "" {
					t.Errorf("a failed run changed generated/:\n%s", diff)
				}
			}
		})
	}
}
