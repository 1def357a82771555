package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/toolgen/toolgen/internal/generate"
	"github.com/toolgen/toolgen/internal/starter"
	"github.com/toolgen/toolgen/internal/tokencount"
)

func init() { subcommands["init"] = runInit }

// runInit prints a starter allowlist.yaml for the schema.
func runInit(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("toolgen init", flag.ContinueOnError)
	fs.SetOutput(stderr)
	schema := fs.String("schema", "schema.graphql", schemaUsage)
	out := fs.String("o", "", "write the allow-list to this new file; an existing one is never replaced (default: stdout)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: toolgen init [-schema FILE|FOLDER|GLOB[,…]] [-o allowlist.yaml]")
		fmt.Fprintln(stderr, "Prints a starter allow-list: every query with its token cost; mutations and fields that")
		fmt.Fprintln(stderr, "need a decision commented out with the reason.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprint(stderr, unexpectedArgs("toolgen init", fs.Args()))
		return 2
	}
	schemaIn, ds := generate.ReadSchema(".", *schema, "tool-selections") // a glob skips the overrides, as generation does
	if ds.HasErrors() {
		fmt.Fprint(stderr, ds.String())
		fmt.Fprintf(stderr, "toolgen init: %d problem(s); nothing was printed\n", countErrors(ds))
		return 1
	}
	fmt.Fprint(stderr, ds.String())  // what a saved introspection result left out
	tokens := tokencount.OpenCache() // the counts of earlier runs; init's are kept for the first generate
	list, ds := starter.Allowlist(schemaIn, tokens)
	tokens.Save() // a failed save only costs the next run its counts
	fmt.Fprint(stderr, ds.String())
	if ds.HasErrors() {
		fmt.Fprintf(stderr, "toolgen init: %d problem(s); nothing was printed\n", countErrors(ds))
		return 1
	}
	if err := writeOutput(*out, list, true, stdout); err != nil {
		fmt.Fprintf(stderr, "toolgen init: %v\n", err)
		return 1
	}
	return 0
}
