package platform

import (
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/vektah/gqlparser/v2/ast"
)

// Federated reports whether doc is a federation subgraph: a federation @link, a v1 note, or
// federation's @key or @extends used or declared.
func (p *Platform) Federated(doc *ast.SchemaDocument) bool {
	if _, ok := p.federationLink(); ok {
		return true
	}
	if slices.ContainsFunc(p.notes, func(d diag.Diagnostic) bool { return strings.HasPrefix(d.Message, "Apollo Federation") }) {
		return true
	}
	for _, d := range doc.Directives {
		if d.Name == "key" || d.Name == "extends" {
			return true
		}
	}
	for _, d := range append(append(ast.DefinitionList{}, doc.Definitions...), doc.Extensions...) {
		if d.Directives.ForName("key") != nil || d.Directives.ForName("extends") != nil {
			return true
		}
	}
	return false
}
