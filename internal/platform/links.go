package platform

// links.go reads a schema's @link directives (the link spec, specs.apollo.dev/link/v1.0), which
// say under which names a spec's definitions are used: an imported name as written or renamed
// ({name: "@key", as: "@primaryKey"}), any other as prefix__name, the prefix being the link's
// as: or the spec's name. A fed1 supergraph's @core(feature:) is read the same way.

import (
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// link is one @link (or @core) of the schema.
type link struct {
	url     string
	spec    string            // "federation", "inaccessible", … : the url's last-but-one segment
	version string            // "v2.3"
	prefix  string            // as:, else spec
	imports map[string]string // spec name ("@key", "FieldSet") → the schema's name
	pos     *ast.Position
}

// links returns the @link and @core directives of doc's schema definition and extensions.
func links(doc *ast.SchemaDocument) []link {
	var out []link
	for _, s := range append(append(ast.SchemaDefinitionList{}, doc.Schema...), doc.SchemaExtension...) {
		for _, d := range s.Directives {
			key := map[string]string{"link": "url", "core": "feature"}[d.Name]
			if key == "" {
				continue
			}
			if l, ok := readLink(d, key); ok {
				out = append(out, l)
			}
		}
	}
	return out
}

// readLink reads one @link(url:, as:, import:) or @core(feature:, as:).
func readLink(d *ast.Directive, key string) (link, bool) {
	url := stringArg(d, key)
	parts := strings.Split(strings.TrimRight(url, "/"), "/")
	if len(parts) < 2 {
		return link{}, false
	}
	l := link{url: url, spec: parts[len(parts)-2], version: parts[len(parts)-1], imports: map[string]string{}, pos: d.Position}
	l.prefix = stringArg(d, "as")
	if l.prefix == "" {
		l.prefix = l.spec
	}
	if a := d.Arguments.ForName("import"); a != nil && a.Value != nil && a.Value.Kind == ast.ListValue {
		for _, c := range a.Value.Children {
			l.addImport(c.Value)
		}
	}
	return l, true
}

// addImport reads "@key" or {name: "@key", as: "@primaryKey"}.
func (l *link) addImport(v *ast.Value) {
	if v == nil {
		return
	}
	switch v.Kind {
	case ast.StringValue:
		l.imports[v.Raw] = v.Raw
	case ast.ObjectValue:
		var name, as string
		for _, c := range v.Children {
			if c.Value != nil && c.Value.Kind == ast.StringValue {
				switch c.Name {
				case "name":
					name = c.Value.Raw
				case "as":
					as = c.Value.Raw
				}
			}
		}
		if name == "" {
			return
		}
		if as == "" || strings.HasPrefix(as, "@") != strings.HasPrefix(name, "@") {
			as = name // a rename of a directive to a type name is not one the spec allows
		}
		l.imports[name] = as
	}
}

func stringArg(d *ast.Directive, name string) string {
	if a := d.Arguments.ForName(name); a != nil && a.Value != nil && a.Value.Kind == ast.StringValue {
		return a.Value.Raw
	}
	return ""
}

// local is the schema's name of a spec element, "@key" or "FieldSet", without the @.
func (l link) local(name string) string {
	if as, ok := l.imports[name]; ok {
		return strings.TrimPrefix(as, "@")
	}
	bare := strings.TrimPrefix(name, "@")
	if bare == l.spec { // a spec's directive of its own name: @inaccessible, @tag
		return l.prefix
	}
	return l.prefix + "__" + bare
}

// rename gives a spec's definitions, parsed under their spec names, the schema's names, in
// their argument types too.
func (l link) rename(defs *ast.SchemaDocument) {
	types := map[string]string{}
	for _, d := range defs.Definitions {
		types[d.Name] = l.local(d.Name)
		d.Name = types[d.Name]
	}
	for _, d := range defs.Directives {
		d.Name = l.local("@" + d.Name)
		for _, a := range d.Arguments {
			for t := a.Type; t != nil; t = t.Elem {
				if n, ok := types[t.NamedType]; ok {
					t.NamedType = n
				}
			}
		}
	}
}

// federationLink is the schema's @link to Apollo's federation v2 spec, if it has one.
func (p *Platform) federationLink() (link, bool) {
	for _, l := range p.links {
		if l.spec == "federation" && strings.HasPrefix(l.version, "v2") && strings.Contains(l.url, "specs.apollo.dev/") {
			return l, true
		}
	}
	return link{}, false
}
