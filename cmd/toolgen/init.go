package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/toolgen/toolgen/internal/introspect"
	"github.com/toolgen/toolgen/internal/starter"
	"github.com/toolgen/toolgen/internal/tokencount"
)

func init() { subcommands["init"] = runInit }

// runInit prints a starter allowlist.yaml for the schema.
func runInit(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("toolgen init", flag.ContinueOnError)
	fs.SetOutput(stderr)
	schema := fs.String("schema", "schema.graphql", "the GraphQL schema: SDL, or a saved introspection result (JSON)")
	out := fs.String("o", "", "write the allow-list to this new file; an existing one is never replaced (default: stdout)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: toolgen init [-schema schema.graphql] [-o allowlist.yaml]")
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
		fmt.Fprintf(stderr, "toolgen init: unexpected argument %q; pass the schema with -schema FILE\n", fs.Arg(0))
		return 2
	}
	src, err := os.ReadFile(*schema)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen init: cannot read the schema: %v; pass its path with -schema, or fetch it with toolgen introspect URL\n", err)
		return 1
	}
	if introspect.LooksLikeJSON(src) {
		s, err := introspect.Parse(src)
		if err == nil {
			src, err = introspect.SDL(s) // adds to the warnings what it leaves out
			for _, w := range s.Warnings {
				fmt.Fprintf(stderr, "toolgen init: warning: %s: %s\n", *schema, w)
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "toolgen init: %s: %v\n", *schema, err)
			return 1
		}
	}
	tokens := tokencount.OpenCache() // the counts of earlier runs; init's are kept for the first generate
	list, ds := starter.Allowlist(*schema, src, tokens)
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
