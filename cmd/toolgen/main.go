// Command toolgen compiles schema.graphql, allowlist.yaml and tool-selections/ into the
// reviewed tool catalog in generated/. With -check it writes nothing and exits 1 when
// generated/ is stale, incomplete or holds an orphan file.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/toolgen/toolgen/internal/generate"
	"github.com/toolgen/toolgen/internal/genout"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// subcommand runs one `toolgen NAME …` command and returns the exit status.
type subcommand func(args []string, stdout, stderr io.Writer) int

// subcommands holds the commands other than generation; each lives in its own file and adds
// itself from an init function, so a new command lands as one file.
var subcommands = map[string]subcommand{}

// run is the whole program, testable: a registered first word runs its command, anything else
// (flags or nothing) generates.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if cmd, ok := subcommands[args[0]]; ok {
			return cmd(args[1:], stdout, stderr)
		}
	}
	return runGenerate(args, stdout, stderr)
}

// runGenerate compiles the inputs and syncs (or, with -check, compares) the output folder.
func runGenerate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("toolgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	schema := fs.String("schema", "schema.graphql", "the GraphQL schema (SDL)")
	allow := fs.String("allowlist", "allowlist.yaml", "which root fields become tools, for which roles")
	selections := fs.String("selections", "tool-selections", "folder of hand-written <tool>.graphql operations")
	out := fs.String("out", "generated", "output folder, owned by toolgen")
	check := fs.Bool("check", false, "write nothing; exit 1 with a diff when the output folder is not fresh")
	lintMode := fs.String("lint", "", `"warn" reports every lint finding as a warning (to explore a new API)`)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *lintMode != "" && *lintMode != "warn" {
		fmt.Fprintf(stderr, "toolgen: -lint %q: the only mode is warn; leave the flag out for each rule's own level\n", *lintMode)
		return 2
	}
	in, ds := generate.Read(".", *schema, *allow, *selections)
	in.LintAsWarnings = *lintMode == "warn"
	files := map[string][]byte(nil)
	if !ds.HasErrors() {
		files, ds = generate.Files(in)
	}
	fmt.Fprint(stderr, ds.String())
	if ds.HasErrors() {
		fmt.Fprintf(stderr, "toolgen: %d problem(s); nothing was written\n", countErrors(ds))
		return 1
	}
	if *check {
		return checkFresh(*out, files, stdout, stderr)
	}
	r, err := genout.Sync(*out, files)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "toolgen: %d files in %s (%d written, %d deleted)\n", len(files), *out, len(r.Written), len(r.Deleted))
	return 0
}

func checkFresh(dir string, files map[string][]byte, stdout, stderr io.Writer) int {
	diff, fresh, err := genout.Check(dir, files)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen: %v\n", err)
		return 1
	}
	if !fresh {
		fmt.Fprintf(stderr, "%stoolgen: %s is not fresh; run go generate ./... and commit the result\n", diff, dir)
		return 1
	}
	fmt.Fprintf(stdout, "toolgen: %s is fresh (%d files)\n", dir, len(files))
	return 0
}
