package opbuild

// sibling.go keeps a mutation's answer to what it changed. A payload often carries the API's
// one context object beside the result (Shopify's Admin API: 17 payloads select shop { … },
// about a hundred fields of a Shop no input touched), and the default expansion selected it
// whole, crowding out the changed entity's own fields. A payload field is such a sibling when
// its type is a singleton of the API, returned by a query root field without required arguments
// and by no other root field (Query.shop: Shop!), and the mutation's name does not name it
// (shopPolicyUpdate does), nor do its arguments. It is left out when the payload has another
// field to answer with, and the tool's notes say so.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/vektah/gqlparser/v2/ast"
)

// singletons are the object types exactly one query root field returns, singly and without
// required arguments: the API's context objects (a shop, a channel, the current app).
func (b *Builder) singletons() map[string]bool {
	if b.single != nil {
		return b.single
	}
	b.single = map[string]bool{}
	if b.schema.Query == nil {
		return b.single
	}
	uses := map[string]int{}
	for _, f := range b.schema.Query.Fields {
		uses[f.Type.Name()]++
	}
	for _, f := range b.schema.Query.Fields {
		if n := b.named(f); n != nil && n.Kind == ast.Object && !isList(f.Type) && !needsArgs(f) && len(f.Arguments) == 0 && uses[n.Name] == 1 {
			b.single[n.Name] = true
		}
	}
	return b.single
}

// siblings are the fields of payload t, returned by mutation f, that hold a singleton neither
// f's name nor its arguments (their names and types) name, when t has another field to answer
// with. accounts-js's impersonate(impersonated: ImpersonationUserIdentityInput) keeps its user:
// the input names a user.
func (b *Builder) siblings(f *ast.FieldDefinition, t *ast.Definition) []*ast.FieldDefinition {
	words := sensitive.Words(f.Name)
	for _, a := range f.Arguments {
		words = append(append(words, sensitive.Words(a.Name)...), sensitive.Words(a.Type.Name())...)
	}
	named := strings.Join(words, " ")
	var out []*ast.FieldDefinition
	others := 0
	for _, p := range t.Fields {
		n := b.named(p)
		switch {
		case n == nil || p.Name == "clientMutationId" || b.errorLike(p) || introspection(p):
		case (b.singletons()[n.Name] || b.rootTwin(p)) && !strings.Contains(" "+named+" ", " "+strings.Join(sensitive.Words(p.Name), " ")+" "):
			out = append(out, p)
		default:
			others++
		}
	}
	if others == 0 {
		return nil
	}
	return out
}

// rootTwin: payload field p is a query root field without arguments again, by name and type
// (GitHub's payload viewer: User is Query.viewer: User!, the caller's own account): the API's
// context object, though other root fields return its type too.
func (b *Builder) rootTwin(p *ast.FieldDefinition) bool {
	if n := b.named(p); b.schema.Query == nil || isList(p.Type) || n == nil || n.Kind != ast.Object {
		return false
	}
	q := b.schema.Query.Fields.ForName(p.Name)
	return q != nil && len(q.Arguments) == 0 && !isList(q.Type) && q.Type.Name() == p.Type.Name()
}

// withoutSiblings removes f's siblings from the payload selection kids and says so.
func (b *Builder) withoutSiblings(f *ast.FieldDefinition, t *ast.Definition, kids []*node) ([]*node, string) {
	var names []string
	for _, s := range b.siblings(f, t) {
		if slices.ContainsFunc(kids, func(k *node) bool { return k.name == s.Name }) {
			kids = withoutField(kids, s.Name)
			if b.singletons()[s.Type.Name()] {
				names = append(names, fmt.Sprintf("%s (the API's one %s)", s.Name, s.Type.Name()))
			} else {
				names = append(names, fmt.Sprintf("%s (what the query %s answers)", s.Name, s.Name))
			}
		}
	}
	if len(names) == 0 {
		return kids, ""
	}
	return kids, fmt.Sprintf("left out of the answer: %s, which %s and its arguments do not name; an override can select it",
		strings.Join(names, ", "), f.Name)
}

// Singleton reports whether the named type is one of the API's context objects (above).
func (b *Builder) Singleton(name string) bool { return b.singletons()[name] }
