package platform

// hints.go words the fix of an undefined directive: what the schema's @link says of it, or which
// platforms toolgen completes, so that a schema using another platform's names knows to declare
// them.

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/toolgen/toolgen/internal/diag"
)

// federation2Directives are the directive names of the federation v2 spec.
var federation2Directives = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, d := range parseSpec(federation2).Directives {
		m[d.Name] = true
	}
	return m
})

// directiveHint is the fix for "undefined directive name".
func (p *Platform) directiveHint(name string) string {
	for _, l := range p.links {
		imported := false
		for spec, local := range l.imports {
			imported = imported || (strings.HasPrefix(spec, "@") && strings.TrimPrefix(local, "@") == name)
		}
		if !imported && name != l.prefix && !strings.HasPrefix(name, l.prefix+"__") {
			continue
		}
		if fl, ok := p.federationLink(); ok && fl.pos == l.pos {
			return fmt.Sprintf("the @link at %d:%d names it, but Apollo Federation has no directive of that name up to v2.12: check the import: list (a spec name starts with @, e.g. \"@key\"), or declare the directive in the schema", l.pos.Line, l.pos.Column)
		}
		return fmt.Sprintf("it comes from the @link at %d:%d (%s), a spec whose definitions toolgen does not know: declare the directive in the schema as the spec defines it (directive @%s(...) on ...); a definition in the schema is used as written", l.pos.Line, l.pos.Column, l.url, name)
	}
	if l, ok := p.federationLink(); ok && federation2Directives()[name] {
		return fmt.Sprintf("the @link at %d:%d does not import it, so Apollo Federation names it @%s: add \"@%s\" to the link's import: list, or write @%s", l.pos.Line, l.pos.Column, l.local("@"+name), name, l.local("@"+name))
	}
	return fmt.Sprintf("declare it in the schema (directive @%s on FIELD_DEFINITION | OBJECT, with its arguments) or remove its uses; toolgen declares only the directives of Apollo Federation (v2 through a schema @link to specs.apollo.dev/federation/v2.x; v1's @key, @external, @requires, @provides and @extends) and of AWS AppSync (@aws_*)", name)
}

// noQueryFix is the fix for a schema without a Query type. A federation subgraph may have none
// of its own (the library adds _entities and _service), and its entities are queried through
// the router, whose schema is the supergraph's.
func (p *Platform) NoQueryFix() string {
	const fix = "declare type Query (or a schema { query: ... } block)"
	if slices.ContainsFunc(p.notes, func(d diag.Diagnostic) bool { return strings.HasPrefix(d.Message, "Apollo Federation") }) {
		// The federation advice first: declaring a Query in a subgraph is not the fix.
		return "this federation subgraph has no root fields of its own: agents reach its entities through the router, so give toolgen the supergraph SDL (rover supergraph compose, or the router's supergraph file), which keeps @inaccessible and the access directives (the router's introspection drops them: use it only when there is no supergraph file); if this is not a subgraph, " + fix
	}
	return fix
}
