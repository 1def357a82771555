// Command toolgen compiles schema.graphql, allowlist.yaml and tool-selections/ into the
// reviewed tool catalog in generated/. With -check it writes nothing and exits 1 when
// generated/ is stale, incomplete or holds a file it did not generate.
package main

import (
	"errors"
	"flag"
	"fmt"
	"github.com/toolgen/toolgen/internal/plural"
	"go/token"
	"io"
	"io/fs"
	"os"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/gctune"
	"github.com/toolgen/toolgen/internal/generate"
	"github.com/toolgen/toolgen/internal/genout"
	"github.com/toolgen/toolgen/internal/tokencount"
)

func main() {
	gctune.Start()
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

// runGenerate compiles the inputs and writes (or, with -check, compares) the output folder.
// When the folder still holds what this build wrote from these inputs, it compiles nothing.
func runGenerate(args []string, stdout, stderr io.Writer) int {
	fs, f := newGenerateFlags(stderr)
	schema, allow, selections, out, pkg, check, lintMode := f.schema, f.allow, f.selections, f.out, f.pkg, f.check, f.lintMode
	if err := parseFlags(fs, args, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprint(stderr, unexpectedArgs("toolgen", fs.Args()))
		return 2
	}
	if *pkg == "" {
		*pkg = packageName(*out)
	} else if !token.IsIdentifier(*pkg) || token.IsKeyword(*pkg) {
		fmt.Fprintf(stderr, "toolgen: -package %q is not a Go package name; write a lower-case identifier, such as %s (or leave the flag out for %s)\n",
			*pkg, packageName(*pkg), packageName(*out))
		return 2
	}
	if *lintMode != "" && *lintMode != "warn" {
		fmt.Fprintf(stderr, "toolgen: -lint %q: the only mode is warn; leave the flag out for each rule's own level\n", *lintMode)
		return 2
	}
	in, ds := generate.Read(".", *schema, *allow, *selections)
	if ds.HasErrors() {
		return failed(ds, stderr)
	}
	fmt.Fprint(stderr, ds.String()) // what reading skipped, such as overrides in a subfolder
	in.LintAsWarnings = *lintMode == "warn"
	sources := generate.Sources(in)
	st := newStamp(fs, *out)
	// -check is what CI trusts, so it trusts nothing of the user's cache folder: no stamp
	// shortcut (a forged one would pass a hand-edited CATALOG.md) and no cached token counts
	// (a poisoned one would pass a role over its maxTokens); it recounts everything.
	if raw, n, ok := genout.Unchanged(*out, catalog.ToolgenVersion, sources); ok && !*check {
		if warnings, ok := st.matches(raw); ok {
			fmt.Fprint(stderr, warnings)
			return unchanged(*out, n, stdout)
		}
	}
	in.Tokens = tokencount.OpenCache()
	if *check {
		in.Tokens = tokencount.NewMemoryCache()
	}
	if in.Tokens.Empty() {
		tokencount.Preload() // a first run counts every tool: overlap the load with parsing
	}
	files, ds := generate.FilesWith(in, generate.Options{Package: *pkg,
		Schema: shownSchema(*schema), Allowlist: shown(*allow), Selections: shown(*selections)})
	in.Tokens.Save() // a failed save only costs the next run its counts
	if ds.HasErrors() {
		return failed(ds, stderr)
	}
	fmt.Fprint(stderr, ds.String())
	m := genout.NewManifest(catalog.ToolgenVersion, sources, files)
	if *check {
		return checkFresh(*out, files, m, regenerate(args), func() { st.save(m.Marshal(), ds.String()) }, stdout, stderr)
	}
	r, err := genout.Write(*out, files, m)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen: %v%s\n", err, writeFix(*out, err, r))
		return 1
	}
	st.save(m.Marshal(), ds.String())
	fmt.Fprintf(stdout, "toolgen: %d files in %s (%d written, %d deleted)\n", len(files), *out, len(r.Written), len(r.Deleted))
	if r.First && needsTidy(*out) {
		// the next go build (or go generate) otherwise stops at "updates to go.mod needed"
		fmt.Fprintf(stdout, "toolgen: %s is a new Go package that imports github.com/toolgen/toolgen/toolrt; run go mod tidy once so go.mod lists what it needs\n", *out)
	}
	if len(r.Foreign) > 0 {
		fmt.Fprintf(stderr, "toolgen: left alone %d file(s) in %s that toolgen did not generate: %v\n", len(r.Foreign), *out, r.Foreign)
	}
	return 0
}

// generateFlags are generation's flags; the stamp's key holds their values (newStamp).
type generateFlags struct {
	schema, allow, selections, out, pkg, lintMode *string
	check                                         *bool
}

func newGenerateFlags(stderr io.Writer) (*flag.FlagSet, generateFlags) {
	fs := flag.NewFlagSet("toolgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	f := generateFlags{
		schema:     fs.String("schema", "schema.graphql", schemaUsage),
		allow:      fs.String("allowlist", "allowlist.yaml", "which root fields become tools, for which roles"),
		selections: fs.String("selections", generate.DefaultSelections, "folder of hand-written <tool>.graphql operations; one named here must exist"),
		out:        fs.String("out", "generated", "output folder, owned by toolgen: it writes and deletes only the files listed in its "+genout.ManifestName),
		pkg:        fs.String("package", "", "the generated Go package's name (default: the base name of -out)"),
		check:      fs.Bool("check", false, "write nothing; exit 1 with a diff when the output folder is not fresh"),
		lintMode:   fs.String("lint", "", `"warn" reports every lint finding as a warning (to explore a new API)`),
	}
	fs.Usage = func() { usage(stderr); fmt.Fprintln(stderr, "Generation's flags:"); fs.PrintDefaults() }
	return fs, f
}

func failed(ds diag.List, stderr io.Writer) int {
	fmt.Fprint(stderr, ds.String())
	fmt.Fprintf(stderr, "toolgen: %s; nothing was written\n", plural.Count(countErrors(ds), "problem"))
	return 1
}

// unchanged reports a plain run that the stamp let skip compiling (never a -check).
func unchanged(dir string, n int, stdout io.Writer) int {
	fmt.Fprintf(stdout, "toolgen: %d files in %s (0 written, 0 deleted): unchanged, nothing compiled\n", n, dir)
	return 0
}

// checkFresh compares the folder with a full run's files; fresh calls saved, so the next plain
// run of the same folder can skip compiling (a -check never does: see runGenerate).
func checkFresh(dir string, files map[string][]byte, m genout.Manifest, again string, saved func(), stdout, stderr io.Writer) int {
	diff, fresh, err := genout.Verify(dir, files, m)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen: %v\n", err)
		return 1
	}
	if !fresh {
		fmt.Fprintf(stderr, "%stoolgen: %s is not fresh; run %s and commit the result\n", diff, dir, again)
		return 1
	}
	saved()
	fmt.Fprintf(stdout, "toolgen: %s is fresh (%d files)\n", dir, len(files))
	return 0
}

// writeFix says how to get past a failed write of the output folder, and what was written.
func writeFix(out string, err error, r genout.Report) string {
	if !errors.Is(err, fs.ErrPermission) {
		return ""
	}
	fix := fmt.Sprintf("; toolgen may not write into %s: make it writable, or pick another folder with -out, and run toolgen again", out)
	if len(r.Written) == 0 && len(r.Deleted) == 0 {
		return fix + " (nothing was written)"
	}
	return fix
}
