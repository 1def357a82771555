package main

import (
	"errors"
	"flag"
	"fmt"
	"github.com/toolgen/toolgen/internal/plural"
	"io"
	"io/fs"
	"os"

	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/diag"
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
	budget := fs.Int("budget", starter.DefaultBudget, "tokens the printed tools may cost together: the best-ranked queries (main entities' get, list and search first) up to it are tools, the rest commented out with their cost")
	since := fs.String("new", "", "print entries only for the root fields this allow-list does not mention (as tools or commented out): what the API added since")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: toolgen init [-schema FILE|FOLDER|GLOB[,…]] [-o allowlist.yaml] [-new allowlist.yaml] [-budget TOKENS]")
		fmt.Fprintln(stderr, "Prints a starter allow-list: the best-ranked queries up to -budget tokens as tools, the other")
		fmt.Fprintln(stderr, "queries, mutations and fields that need a decision commented out with their cost and reason.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprint(stderr, unexpectedArgs("toolgen init", fs.Args()))
		return 2
	}
	schemaIn, ds := generate.ReadSchema(".", *schema, generate.DefaultSelections) // a glob skips the overrides, as generation does
	if ds.HasErrors() {
		fmt.Fprint(stderr, ds.String())
		fmt.Fprintf(stderr, "toolgen init: %s; nothing was printed\n", plural.Count(countErrors(ds), "problem"))
		return 1
	}
	fmt.Fprint(stderr, ds.String())  // what a saved introspection result left out
	tokens := tokencount.OpenCache() // the counts of earlier runs; init's are kept for the first generate
	list, ds := starterFor(schemaIn, *since, *budget, tokens)
	tokens.Save() // a failed save only costs the next run its counts
	fmt.Fprint(stderr, ds.String())
	if ds.HasErrors() {
		fmt.Fprintf(stderr, "toolgen init: %s; nothing was printed\n", plural.Count(countErrors(ds), "problem"))
		return 1
	}
	if err := writeOutput(*out, list, true, stdout); err != nil {
		fmt.Fprintf(stderr, "toolgen init: %v\n", err)
		return 1
	}
	return 0
}

// starterFor is the whole starter, or with -new only the entries the allow-list lacks.
func starterFor(schema compile.Inputs, since string, budget int, tokens *tokencount.Cache) ([]byte, diag.List) {
	if since == "" {
		return starter.AllowlistWithin(schema, tokens, budget)
	}
	allow, err := os.ReadFile(since)
	if err != nil {
		var ds diag.List
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is the diagnostic's own
		}
		ds.Add(since, 0, 0, "cannot read the allow-list: "+err.Error(), "pass the allow-list to compare with, e.g. -new allowlist.yaml")
		return nil, ds
	}
	return starter.Missing(schema, since, allow, tokens)
}
