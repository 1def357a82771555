package opbuild

// This file holds the definitions of docs/selection.md that the three phases share: which fields can
// be selected at all (needsArgs, secretLooking), an entity's leaves and summary, and the shapes
// the rule recognises (edge, wrapper, page-like object; errors.go has the error-like ones). Answers
// that depend only on a type are cached on the Builder, because GitHub's 278 root fields ask
// about the same few hundred types again and again.

import (
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/vektah/gqlparser/v2/ast"
)

// summaryNames are the fields that identify an entity to a reader, most telling first.
var summaryNames = []string{"name", "title", "login", "username", "handle", "displayName", "nameWithOwner",
	"slug", "key", "number", "sku", "email", "code", "isoCode", "url"}

// maxSummary caps a summary: enough to refer to an entity, not to describe it.
const maxSummary = 3

// needsArgs reports whether a field has a required argument without a default, or a lookup key
// without one: such a field cannot be selected without inventing a value.
func needsArgs(f *ast.FieldDefinition) bool {
	for _, a := range f.Arguments {
		if !opdoc.HasDefault(a.DefaultValue) && (a.Type.NonNull || lookupKey(f.Name, a.Name)) {
			return true
		}
	}
	return false
}

// lookupKey reports whether argument arg is the key field looks up by, as its name says:
// imageById(id), sellerBySlug(slug). Without it such a lookup answers null however the schema
// types the argument (Nautical's Product.imageById(id: ID = null)), so it counts as required.
func lookupKey(field, arg string) bool {
	if arg == "" {
		return false
	}
	return strings.HasSuffix(field, "By"+strings.ToUpper(arg[:1])+arg[1:])
}

func deprecated(f *ast.FieldDefinition) bool { return f.Directives.ForName("deprecated") != nil }

func isList(t *ast.Type) bool { return t.Elem != nil }

func isLeaf(d *ast.Definition) bool { return d != nil && (d.Kind == ast.Scalar || d.Kind == ast.Enum) }

func isAbstract(d *ast.Definition) bool {
	return d != nil && (d.Kind == ast.Union || d.Kind == ast.Interface)
}

func introspection(f *ast.FieldDefinition) bool { return strings.HasPrefix(f.Name, "__") }

// named is the definition of a field's type with NonNull and List unwrapped.
func (b *Builder) named(f *ast.FieldDefinition) *ast.Definition { return b.schema.Types[f.Type.Name()] }

// secretLooking: a leaf of t that sensitive.Credential (which the lints share) classifies as a
// secret, by its name, its type and t: UiExtensionSessionToken.value as well as accessToken.
// Such a leaf is never selected by default, at any level: whoever needs one writes an override.
func (b *Builder) secretLooking(t *ast.Definition, f *ast.FieldDefinition) bool {
	return sensitive.Credential(sensitive.Returned(b.schema, t, f))
}

// leaves are the selectable leaf fields of t in declaration order: non-deprecated, non-gated ones
// when there are any, never a secret-looking one or personal data left out (leftout.go: a type
// whose only leaves are an email and a phone has none, and its parent leaves it out), and no
// HTML/Text twins of another leaf.
func (b *Builder) leaves(t *ast.Definition) []*ast.FieldDefinition {
	if out, ok := b.leafCache[t.Name]; ok {
		return out
	}
	var all, live []*ast.FieldDefinition
	for _, f := range t.Fields {
		if introspection(f) || needsArgs(f) || !isLeaf(b.named(f)) || b.secretLooking(t, f) || b.personalOut(f) {
			continue
		}
		all = append(all, f)
		if !b.avoided(f) {
			live = append(live, f)
		}
	}
	if len(live) > 0 {
		all = live
	}
	out := dropTwins(all)
	b.leafCache[t.Name] = out
	return out
}

// dropTwins removes xHTML, xHtml and xText when x itself is kept: the same text twice costs
// tokens and tells the agent nothing new.
func dropTwins(fs []*ast.FieldDefinition) []*ast.FieldDefinition {
	kept := map[string]bool{}
	for _, f := range fs {
		kept[f.Name] = true
	}
	var out []*ast.FieldDefinition
	for _, f := range fs {
		if !isTwin(f.Name, kept) {
			out = append(out, f)
		}
	}
	return out
}

func isTwin(name string, kept map[string]bool) bool {
	for _, suffix := range []string{"HTML", "Html", "Text"} {
		if base, ok := strings.CutSuffix(name, suffix); ok && base != "" && kept[base] {
			return true
		}
	}
	return false
}

// summary picks at most three leaves that identify an entity: id, a name-like field, its url.
// Without a name-like field or a url, an id says nothing a reader can recognise (an Aave
// activity, a Nautical order line), so the most relevant leaves (rank.go) that are neither flags
// nor other identifiers stand in for the name. Ties between candidates go by rank.go's order,
// never by declaration order. A Mongo-style _id is the id of a type without an id (Unchained).
func (b *Builder) summary(t *ast.Definition) []*ast.FieldDefinition {
	if out, ok := b.summaryCache[t.Name]; ok {
		return out
	}
	ls := b.ranked(t, b.leaves(t))
	var out []*ast.FieldDefinition
	if f := findField(ls, "id"); f != nil {
		out = append(out, f)
	} else if f := findField(ls, "_id"); f != nil {
		out = append(out, f)
	}
	named := nameLike(ls)
	if named != nil {
		out = append(out, named)
	}
	if f := findField(ls, "url"); f != nil && f != named {
		out = append(out, f)
	}
	if named == nil && findField(ls, "url") == nil {
		out = append(out, telling(ls, maxSummary-len(out))...)
	}
	if len(out) == 0 && len(ls) > 0 {
		out = ls[:1]
	}
	out = out[:min(len(out), maxSummary)]
	b.summaryCache[t.Name] = out
	return out
}

func findField(fs []*ast.FieldDefinition, name string) *ast.FieldDefinition {
	for _, f := range fs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// isNameLike: name is one of summaryNames other than url, or ends in Name, Title or Number.
func isNameLike(name string) bool {
	if name != "url" && slices.Contains(summaryNames, name) {
		return true
	}
	for _, suffix := range []string{"Name", "Title", "Number"} {
		if strings.HasSuffix(name, suffix) && len(name) > len(suffix) {
			return true
		}
	}
	return false
}

// nameLike is the first present of summaryNames other than url, else the first of ls (ranked)
// whose last word is Name, Title or Number (productName, orderNumber), else nil. A url is no
// name: a file upload's { id url } hid its originalFileName.
func nameLike(ls []*ast.FieldDefinition) *ast.FieldDefinition {
	for _, name := range summaryNames {
		if f := findField(ls, name); f != nil && name != "url" {
			return f
		}
	}
	for _, f := range ls {
		for _, suffix := range []string{"Name", "Title", "Number"} {
			if strings.HasSuffix(f.Name, suffix) && len(f.Name) > len(suffix) {
				return f
			}
		}
	}
	return nil
}

// telling lists up to n leaves, in ls's order (ranked), that a reader can tell one item from
// another by when nothing names it: not Booleans, identifiers (id, databaseId, orderId) or
// record timestamps (createdAt, updated_at), which every item has and no reader remembers.
func telling(ls []*ast.FieldDefinition, n int) []*ast.FieldDefinition {
	var out []*ast.FieldDefinition
	for _, f := range ls {
		if len(out) == n {
			break
		}
		if f.Type.Name() != "Boolean" && !hasSuffix(f.Name, "id", "Id", "ID", "_id", "At", "_at") && f.Name != "_id" {
			out = append(out, f)
		}
	}
	return out
}

func hasSuffix(name string, suffixes ...string) bool {
	for _, s := range suffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// isEdge: an object with a non-leaf node and a cursor.
func (b *Builder) isEdge(t *ast.Definition) bool {
	if t == nil || t.Kind != ast.Object || t.Fields.ForName("cursor") == nil {
		return false
	}
	n := t.Fields.ForName("node")
	return n != nil && !isLeaf(b.named(n))
}

// wrappers are the object types no non-root field returns and no union contains: in practice
// mutation payloads and page objects, used by root fields only.
func wrappers(s *ast.Schema) map[string]bool {
	used := map[string]bool{}
	for _, t := range s.Types {
		if t == s.Query || t == s.Mutation || t == s.Subscription {
			continue
		}
		for _, f := range t.Fields {
			used[f.Type.Name()] = true
		}
		for _, m := range t.Types {
			used[m] = true
		}
	}
	out := map[string]bool{}
	for name, t := range s.Types {
		if t.Kind == ast.Object && !used[name] {
			out[name] = true
		}
	}
	return out
}

// pageLike: no id of its own, but a list of entities (MoviePage.content).
func (b *Builder) pageLike(t *ast.Definition) bool {
	if t.Fields.ForName("id") != nil {
		return false
	}
	for _, f := range t.Fields {
		if isList(f.Type) && !needsArgs(f) && !deprecated(f) && b.hasID(b.named(f)) {
			return true
		}
	}
	return false
}

func (b *Builder) hasID(t *ast.Definition) bool {
	return t != nil && (t.Kind == ast.Object || t.Kind == ast.Interface) && t.Fields.ForName("id") != nil
}
