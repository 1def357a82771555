package gocode

// names.go turns GraphQL names into Go identifiers: exported, idiomatic (WatchListID, TvShow)
// and unique in their scope. GraphQL names are case-sensitive and may be Go keywords or differ
// only by case, so every identifier is allocated through a namer that resolves clashes in a
// fixed order: the same catalog always gets the same names.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/toolgen/toolgen/catalog"
)

// isName reports whether s is a GraphQL Name, /[_A-Za-z][_0-9A-Za-z]*/; anything else could
// not come from a valid schema and might not fit in a struct tag, so it is rejected before
// rendering. By hand, not a regexp: GitHub's catalog has 60,000 names to check.
func isName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '_' && (c < 'A' || c > 'Z') && (c < 'a' || c > 'z') && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return s != ""
}

// initialisms are written in capitals, as Go's own names do (ID, URL); a plural keeps its s (IDs).
var initialisms = map[string]bool{
	"API": true, "ASCII": true, "CSS": true, "DNS": true, "GUID": true, "HTML": true,
	"HTTP": true, "HTTPS": true, "ID": true, "IP": true, "JSON": true, "RPC": true, "SQL": true,
	"SSH": true, "TCP": true, "TLS": true, "TTL": true, "UDP": true, "UI": true, "UID": true,
	"UUID": true, "URI": true, "URL": true, "UTF8": true, "XML": true,
}

// goName makes an exported Go identifier from a GraphQL name: words split at underscores and
// case changes, each capitalised (ACTION → Action, TV_SHOW → TvShow, watchListId → WatchListID).
func goName(name string) string {
	var b strings.Builder
	for _, w := range words(name) {
		b.WriteString(word(w))
	}
	s := b.String()
	if s == "" || !unicode.IsLetter(rune(s[0])) {
		s = "X" + s // a name of underscores and digits only still needs a letter first
	}
	return s
}

// words splits a name at underscores and at lower→upper and UPPER→Upper-lower boundaries.
func words(name string) []string {
	var out []string
	for _, part := range strings.FieldsFunc(name, func(r rune) bool { return r == '_' }) {
		start := 0
		for i := 1; i < len(part); i++ {
			prev, cur := part[i-1], part[i]
			next := byte(0)
			if i+1 < len(part) {
				next = part[i+1]
			}
			if isUpper(cur) && (!isUpper(prev) || isLower(next)) {
				out = append(out, part[start:i])
				start = i
			}
		}
		out = append(out, part[start:])
	}
	return out
}

// word capitalises one word: initialisms in capitals, everything else Title-cased, so that
// SCREAMING_CASE enum values and camelCase fields come out alike.
func word(w string) string {
	up := strings.ToUpper(w)
	switch {
	case initialisms[up]:
		return up
	case len(w) > 2 && w[len(w)-1] == 's' && initialisms[up[:len(up)-1]]:
		return up[:len(up)-1] + "s"
	case strings.ToUpper(w) == w:
		return up[:1] + strings.ToLower(w[1:])
	}
	return up[:1] + w[1:]
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }

// namer hands out identifiers unique within one scope; a clash gets the first free numeric
// suffix, so the earlier declaration (in catalog order) keeps the plain name.
type namer map[string]bool

func (n namer) take(want string) string {
	sep := ""
	if last := want[len(want)-1]; '0' <= last && last <= '9' {
		sep = "_" // Foo2 then Foo2_2, never the ambiguous Foo22
	}
	name := want
	for i := 2; n[name]; i++ {
		name = want + sep + strconv.Itoa(i)
	}
	n[name] = true
	return name
}

// names are the package-level identifiers of one catalog.
type names struct {
	types  map[string]string   // GraphQL type name → Go type name
	args   []string            // per tool, in catalog order: its argument struct
	consts []string            // per tool, in catalog order: its name constant
	values map[string][]string // enum name → Go constant per value, in declaration order
	// scope holds every name above; the answer types take theirs from it last, as calls.go
	// is rendered, so that a typed answer never renames an older declaration.
	scope namer
}

// catalogVar is the embedded catalog in catalog.go; it and the Tools type of calls.go are
// reserved before anything else.
const catalogVar = "CatalogJSON"

// newNames allocates every package-level identifier in one fixed order: types, argument
// structs, tool constants, enum constants. Earlier kinds win clashes.
func newNames(c *catalog.Catalog) *names {
	scope := namer{catalogVar: true, toolsType: true}
	n := &names{types: map[string]string{}, values: map[string][]string{}, scope: scope}
	for _, name := range byClaim(c.Types) {
		n.types[name] = scope.take(goName(name))
	}
	for _, t := range c.Tools {
		n.args = append(n.args, scope.take(goName(t.Name)+"Args"))
	}
	for _, t := range c.Tools {
		n.consts = append(n.consts, scope.take("Tool"+goName(t.Name)))
	}
	for _, t := range c.Types {
		for _, v := range t.Values {
			n.values[t.Name] = append(n.values[t.Name], scope.take(n.types[t.Name]+goName(v)))
		}
	}
	return n
}

// byClaim orders type names for naming: a name already spelled as its Go name first (TvShow
// before TV_SHOW), then by name. Catalog order is first-reached order, which a new tool can
// change, and must not rename a type that clashes with another: code written against TvShow2
// would stop compiling on an unrelated change.
func byClaim(types []catalog.Type) []string {
	names := make([]string, len(types))
	exact := make(map[string]bool, len(types)) // goName once per name, not per comparison
	for i, t := range types {
		names[i], exact[t.Name] = t.Name, goName(t.Name) == t.Name
	}
	slices.SortFunc(names, func(a, b string) int {
		if exact[a] != exact[b] {
			if exact[a] {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	return names
}

// checkNames rejects a catalog whose names could not come from a GraphQL schema, before any
// code is rendered from it.
func checkNames(c *catalog.Catalog) error {
	seen := map[string]bool{}
	for _, t := range c.Types {
		if seen[t.Name] {
			return fmt.Errorf("type %q appears twice in the catalog's types", t.Name)
		}
		seen[t.Name] = true
		bad := badName(t.Name, t.Values)
		for _, f := range t.Fields {
			bad = append(bad, badName(f.Name, nil)...)
		}
		if len(bad) > 0 {
			return fmt.Errorf("type %s: %q is not a GraphQL name", t.Name, bad[0])
		}
	}
	for _, t := range c.Tools {
		bad := badName(t.Name, nil)
		for _, v := range t.Variables {
			bad = append(bad, badName(v.Name, nil)...)
		}
		if len(bad) > 0 {
			return fmt.Errorf("tool %s: %q is not a GraphQL name", t.Name, bad[0])
		}
		if err := checkAnswer(t.Answer); err != nil {
			return fmt.Errorf("tool %s's answer: %w", t.Name, err)
		}
	}
	return nil
}

// checkAnswer rejects an answer shape the compiler could not have read off a valid operation:
// a key or type that is not a GraphQL name, or members with no __typename to tell them apart.
func checkAnswer(fields []catalog.Selected) error {
	typename := false
	for _, f := range fields {
		if bad := badName(f.Key, []string{f.Field, baseName(f.Type)}); len(bad) > 0 {
			return fmt.Errorf("%q is not a GraphQL name", bad[0])
		}
		typename = typename || f.Field == "__typename"
		if err := checkAnswer(f.Fields); err != nil {
			return err
		}
		if len(f.Members) > 0 && !slices.ContainsFunc(f.Fields, func(s catalog.Selected) bool { return s.Field == "__typename" }) {
			return fmt.Errorf("%s has fragments on members but no __typename to tell them apart", f.Key)
		}
		for _, m := range f.Members {
			if bad := badName(m.On, m.Types); len(bad) > 0 {
				return fmt.Errorf("%q is not a GraphQL name", bad[0])
			}
			if err := checkAnswer(m.Fields); err != nil {
				return err
			}
		}
	}
	return nil
}

// badName returns the names among name and more that are not GraphQL names.
func badName(name string, more []string) []string {
	var bad []string
	if !isName(name) {
		bad = append(bad, name)
	}
	for _, s := range more {
		if !isName(s) {
			bad = append(bad, s)
		}
	}
	return bad
}
