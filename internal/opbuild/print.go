package opbuild

// This file prints a selection tree in the one-line document format of the seed
// ("{ id title director { id name } }") and is phase 3, merge safety: before printing, a field
// that an earlier sibling fragment selected with a different type gets an alias, because
// OverlappingFieldsCanBeMerged (graphql-js and gqlparser alike) rejects the document otherwise.

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// printSet returns " { ... }" for a field's sub-selection, or "" for a leaf.
func printSet(kids []*node) string {
	if len(kids) == 0 {
		return ""
	}
	var b strings.Builder
	writeSet(&b, kids)
	return b.String()
}

func writeSet(b *strings.Builder, kids []*node) {
	b.WriteString(" {")
	writeItems(b, kids)
	b.WriteString(" }")
}

func writeItems(b *strings.Builder, kids []*node) {
	for _, k := range kids {
		switch {
		case k.ent != nil:
			writeItems(b, k.kids) // a group prints as its leaves, in place
			continue
		case k.on != "":
			b.WriteString(" ... on " + k.on)
		default:
			b.WriteString(" ")
			if k.alias != "" {
				b.WriteString(k.alias + ": ")
			}
			b.WriteString(k.name + k.args)
		}
		if len(k.kids) > 0 {
			writeSet(b, k.kids)
		}
	}
}

// direct lists the fields of a selection set with entity groups opened up.
func direct(kids []*node) []*node {
	var out []*node
	for _, k := range kids {
		if k.ent != nil {
			out = append(out, direct(k.kids)...)
		} else {
			out = append(out, k)
		}
	}
	return out
}

// alias walks every selection set: a field whose name an earlier sibling fragment selected with
// a different type string (nullability included) becomes e.g. userName: name.
func alias(kids []*node) {
	seen := map[string]string{} // field name → type string of its first selection
	for _, k := range direct(kids) {
		if k.on != "" {
			aliasFragment(k, seen)
		}
		alias(k.kids)
	}
}

func aliasFragment(frag *node, seen map[string]string) {
	for _, f := range direct(frag.kids) {
		f.alias = ""
		if f.on != "" || f.name == "__typename" {
			continue
		}
		if typ, ok := seen[f.name]; !ok {
			seen[f.name] = f.typ
		} else if typ != f.typ {
			f.alias = lowerFirst(frag.on) + upperFirst(f.name)
		}
	}
}

func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
