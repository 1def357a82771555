package platform

// fedversions.go checks that a federation v2 @link's version has what the schema uses: each
// directive arrived in a minor version (Apollo's federation-internals, federationSpec.ts:
// @composeDirective v2.1, @interfaceObject v2.3, @authenticated and @requiresScopes v2.5,
// @policy v2.6, @context and @fromContext v2.8), and composition refuses one under an older
// link, so the API the router serves would not have what the catalog says. Directives whose
// version is not listed here (@cost, @listSize) are not checked.

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen/toolgen/internal/diag"
	"github.com/vektah/gqlparser/v2/ast"
)

// federationSince is the minor version of federation v2 each element arrived in.
var federationSince = map[string]int{
	"@composeDirective": 1, "@interfaceObject": 3,
	"@authenticated": 5, "@requiresScopes": 5, "Scope": 5,
	"@policy": 6, "Policy": 6,
	"@context": 8, "@fromContext": 8, "ContextFieldValue": 8,
}

// tooNewFor reports each element of the federation spec the schema imports or uses (under its
// local name) that arrived after its @link's version.
func (p *Platform) tooNewFor(u usage) diag.List {
	l, ok := p.federationLink()
	if !ok {
		return nil
	}
	minor, err := strconv.Atoi(strings.TrimPrefix(l.version, "v2."))
	if err != nil {
		return nil // v2 without a minor, or a form the spec does not have: not ours to judge
	}
	var ds diag.List
	for _, name := range slices.Sorted(maps.Keys(federationSince)) {
		since := federationSince[name]
		if since <= minor {
			continue
		}
		local := l.local(name)
		_, imported := l.imports[name]
		used := u.directives[local] != nil
		if !strings.HasPrefix(name, "@") {
			used = u.types[local] != nil
		}
		if !imported && !used {
			continue
		}
		at := l.pos
		if used && !imported {
			at = firstUse(u, name, local)
		}
		ds.Add(cmp.Or(file(at), p.name), at.Line, at.Column,
			fmt.Sprintf("%s arrived in Apollo Federation v2.%d, but the schema's @link at %d:%d is federation/%s, under which composition refuses it", name, since, l.pos.Line, l.pos.Column, l.version),
			fmt.Sprintf("raise the link's url to https://specs.apollo.dev/federation/v2.%d or later (update the router first), or remove %s", since, name))
	}
	return ds
}

// firstUse is where the schema first uses the element.
func firstUse(u usage, name, local string) *ast.Position {
	if strings.HasPrefix(name, "@") {
		return u.directives[local]
	}
	return u.types[local]
}
