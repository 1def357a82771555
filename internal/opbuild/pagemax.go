package opbuild

// pagemax.go bounds a root field's page size in the tool's input schema. No list tool of five
// large public schemas had a maximum (146 of 146): a model could ask for first: 100000, and the
// server either refused the whole call or answered with more than any budget counts. The bound
// is the schema's own when it states one, by a directive (@Range(max: 100), @constraint(max:
// 250), @Max(value: 50)) or in the argument's description ("maximum of 250", "at most 100",
// "up to 50"), else the allow-list's maxPageSize (100 by default). The runtime validates the
// arguments against the input schema, so the bound holds before any request is sent.

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// maxInDescription finds a stated upper bound: "maximum of 250", "max: 100", "at most 50",
// "up to 1000", "no more than 20", "cannot exceed 250", "between 1 and 100".
var maxInDescription = regexp.MustCompile(`(?i)\b(?:max(?:imum)?(?:\s+(?:value|page\s+size|number|limit))?(?:\s+(?:of|is))?|at\s+most|up\s+to|no\s+more\s+than|cannot\s+exceed|must\s+not\s+exceed|between\s+\d+\s+and)\s*:?\s*(\d[\d,]*)\b`)

// PageSizeMax is the page size root field f may ask for at most, and whether a is f's
// page-size argument at all: the first of answersize.PageSizeArgs f has, an Int, on a field that
// answers with a list or a page (paged). A count's or an aggregate's limit bounds the rows it
// counts, not a page (Shopify's productsCount(limit: Int = 10000), Hasura's users_aggregate):
// a cap there would change the answer, not its size. The bound is the schema's stated one, else
// capDefault, never below pageSize (the default the document gives; a larger schema default is
// replaced by it, pageSizeArg).
func (b *Builder) PageSizeMax(f *ast.FieldDefinition, a *ast.ArgumentDefinition, capDefault, pageSize int) (int, bool) {
	if a == nil || intPageSizeArg(f) != a || !b.paged(f) {
		return 0, false
	}
	if n := statedMax(a); n > 0 {
		return n, true
	}
	return max(capDefault, pageSize), true
}

// paged: f answers with a list, or with an object holding lists (a connection's edges and
// nodes, a page's items, a predictive search's products), and is not an aggregate.
func (b *Builder) paged(f *ast.FieldDefinition) bool {
	t := b.named(f)
	if t == nil || aggregateRows(f, t) != nil {
		return false
	}
	return isList(f.Type) || slices.ContainsFunc(t.Fields, func(g *ast.FieldDefinition) bool { return isList(g.Type) })
}

// statedMax is the upper bound a's directives or description state, or 0.
func statedMax(a *ast.ArgumentDefinition) int {
	for _, d := range a.Directives {
		for _, arg := range d.Arguments {
			name := strings.ToLower(arg.Name)
			bound := name == "max" || name == "maximum" || name == "lte" || name == "le" ||
				name == "value" && strings.EqualFold(d.Name, "max")
			if bound && arg.Value != nil && arg.Value.Kind == ast.IntValue {
				if n, err := strconv.Atoi(arg.Value.Raw); err == nil && n > 0 {
					return n
				}
			}
		}
	}
	if m := maxInDescription.FindStringSubmatch(a.Description); m != nil {
		if n, err := strconv.Atoi(strings.ReplaceAll(m[1], ",", "")); err == nil && n > 0 {
			return n
		}
	}
	return 0
}
