package main

import "flag"

// parseAnyOrder parses fs's flags before, between and after the positional arguments and
// returns the positional ones: `toolgen introspect URL -header …` works as cmd/agent's flags do,
// where the flag package alone stops at the URL and reports one argument too many. A "--" ends
// the flags; what follows it is positional even when it starts with a dash.
func parseAnyOrder(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
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
