package main

import (
	"fmt"
	"io"
	"slices"
)

func init() {
	subcommands["help"] = func(_ []string, stdout, _ io.Writer) int { usage(stdout); return 0 }
}

// summaries are the one-line descriptions of the commands that have one; a command registered
// without one is still listed.
var summaries = map[string]string{
	"introspect": "print a live endpoint's schema (or a saved introspection JSON) as SDL",
	"init":       "print a starter allowlist.yaml for a schema",
	"diff":       "compare two catalogs and classify each change for review",
	"help":       "this text",
}

// usage lists generation's synopsis and every registered command.
func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: toolgen [-schema FILE|FOLDER|GLOB[,…]] [-allowlist FILE] [-selections DIR] [-out DIR] [-package NAME] [-check] [-lint warn]")
	fmt.Fprintln(w, "       toolgen COMMAND [flags] [arguments]")
	fmt.Fprintln(w, "\nWith no command, compiles the schema, the allow-list and the overrides into -out. Commands:")
	var names []string
	for name := range subcommands {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-11s %s\n", name, summaries[name])
	}
	fmt.Fprintln(w, "\n`toolgen COMMAND -h` shows a command's flags.")
}
