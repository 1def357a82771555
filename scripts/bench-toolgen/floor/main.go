// Command floor is the bar toolgen is measured against: a process that only reads a schema
// file and loads and validates it with gqlparser, the least any generator must do.
package main

import (
	"fmt"
	"os"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: floor SCHEMA.graphql")
		os.Exit(2)
	}
	b, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if _, err := gqlparser.LoadSchema(&ast.Source{Name: os.Args[1], Input: string(b)}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
