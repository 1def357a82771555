package platform

// subgraphs.go tells several federation subgraphs given as one schema from one schema split
// over files: each subgraph @links federation and defines the entities and root types it
// shares with the others, which the router composes. Their duplicates are no mistake to remove
// (nor a missing extend type, in Federation v2): the files are separate APIs to compose first.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/vektah/gqlparser/v2/ast"
)

// separateSubgraphs is one error when two or more files each @link Apollo's federation spec and
// define a type another of them defines too; nil otherwise.
func SeparateSubgraphs(doc *ast.SchemaDocument) diag.List {
	linked := map[string]*ast.Position{} // file → its federation @link
	var files []string
	for _, l := range links(doc) {
		if f := file(l.pos); l.spec == "federation" && strings.Contains(l.url, "specs.apollo.dev/") && linked[f] == nil {
			linked[f] = l.pos
			files = append(files, f)
		}
	}
	if len(files) < 2 {
		return nil
	}
	definedIn := map[string]string{}
	var shared []string
	for _, d := range doc.Definitions {
		f := file(d.Position)
		if first, ok := definedIn[d.Name]; ok && first != f && linked[f] != nil && linked[first] != nil && !slices.Contains(shared, d.Name) {
			shared = append(shared, d.Name)
		} else if !ok {
			definedIn[d.Name] = f
		}
	}
	if len(shared) == 0 {
		return nil
	}
	slices.Sort(files)
	where := make([]string, len(files))
	for i, f := range files {
		where[i] = fmt.Sprintf("%s:%d:%d", f, linked[f].Line, linked[f].Column)
	}
	first := linked[files[0]]
	var ds diag.List
	ds.Add(files[0], first.Line, first.Column,
		fmt.Sprintf("these %d files are separate Apollo Federation subgraphs, each with its own federation @link (%s), and they define the same types (%s), as subgraphs do: the router composes them into one API, which toolgen compiles",
			len(files), strings.Join(where, ", "), nameList(shared)),
		"compose them into the supergraph (rover supergraph compose --config supergraph.yaml, or @apollo/composition's composeServices) and give toolgen that: -schema supergraph.graphql")
	return ds
}
