package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/toolgen/toolgen/internal/suggest"
)

// parseAnyOrder parses fs's flags before, between and after the positional arguments and
// returns the positional ones: `toolgen introspect URL -header …` works as cmd/agent's flags do,
// where the flag package alone stops at the URL and reports one argument too many. A "--" ends
// the flags; what follows it is positional even when it starts with a dash.
func parseAnyOrder(fs *flag.FlagSet, args []string, stderr io.Writer) ([]string, error) {
	var pos []string
	for {
		if err := parseFlags(fs, args, stderr); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
}

// parseFlags is fs.Parse that reports a mistake in one line saying how to fix it (the flag
// package prints its error and then the whole usage, burying the line that matters); -h still
// prints the usage.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) error {
	usage := fs.Usage
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(stderr)
	fs.Usage = usage
	switch {
	case errors.Is(err, flag.ErrHelp):
		if usage != nil {
			usage()
		} else {
			fs.PrintDefaults()
		}
	case err != nil:
		fmt.Fprintf(stderr, "%s: %s\n", fs.Name(), suggest.FlagLine(fs, err, fmt.Sprintf("`%s -h` lists the flags", fs.Name())))
	}
	return err
}
