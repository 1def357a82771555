package opbuild

// This file recognises what reports errors (error-like fields, error types) and selects it: every
// leaf, never summarized or trimmed, and for errors of an interface or union type the member
// each error is, so the agent can tell a missing dialog from a forbidden or an expired one.

import (
	"regexp"

	"github.com/vektah/gqlparser/v2/ast"
)

var (
	errorName = regexp.MustCompile(`(?i)(errors?|warnings?)$`)
	errorType = regexp.MustCompile(`(Error|Warning)s?$`)
)

// errorLike: a field whose name or type says it reports errors, of an object or interface type
// with a message, or of a union whose members all have one (HotChocolate's mutation conventions
// write errors: [CreateUserError!] for a union of error types).
func (b *Builder) errorLike(f *ast.FieldDefinition) bool {
	t := b.named(f)
	if t == nil || !b.hasMessage(t) {
		return false
	}
	return errorName.MatchString(f.Name) || errorType.MatchString(t.Name)
}

// hasMessage: an object or interface with a message, or a union whose members all have one.
func (b *Builder) hasMessage(t *ast.Definition) bool {
	switch t.Kind {
	case ast.Object, ast.Interface:
		return t.Fields.ForName("message") != nil
	case ast.Union:
		members := b.members(t)
		for _, m := range members {
			if m.Fields.ForName("message") == nil {
				return false
			}
		}
		return len(members) > 0
	}
	return false
}

// errorType: an object whose name says it reports an error and which has a message (Vendure's
// OrderLimitError, a DeFi API's QuoteError).
func (b *Builder) errorType(t *ast.Definition) bool {
	return t.Kind == ast.Object && t.Fields.ForName("message") != nil && errorType.MatchString(t.Name)
}

// errorSet is the selection of an error-like field of type t: its leaves, as plain fields that
// are never degraded or trimmed. For an interface or union it is __typename, the interface's
// leaves, and a fragment per member with the leaves the member adds: Dialogporten's errors:
// [DialogByIdError!]! came back as { message } alone, so NotFound, Forbidden and Expired read the
// same and DialogByIdExpired.expiredAt was never seen. A member that adds nothing gets no
// fragment, since __typename already names it. Over maxMembers members, a union's common
// interface stands in for them, as in Abstract.
func (b *Builder) errorSet(t *ast.Definition) []*node {
	if !isAbstract(t) {
		return fields(b.leaves(t))
	}
	kids := []*node{typename()}
	shared := map[string]bool{}
	if t.Kind == ast.Interface {
		for _, f := range b.leaves(t) {
			kids, shared[f.Name] = append(kids, field(f, nil)), true
		}
	}
	members := b.members(t)
	if len(members) > maxMembers {
		if t.Kind == ast.Union {
			if i := b.commonInterface(members); i != nil {
				kids = append(kids, fragment(i.Name, fields(b.leaves(i))))
			}
		}
		return kids
	}
	for _, m := range members {
		var own []*node
		for _, f := range b.leaves(m) {
			if !shared[f.Name] {
				own = append(own, field(f, nil))
			}
		}
		if len(own) > 0 {
			kids = append(kids, fragment(m.Name, own))
		}
	}
	return kids
}
