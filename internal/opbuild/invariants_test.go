package opbuild

import (
	"math/rand"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/githubschema"
	"github.com/toolgen/toolgen/internal/gqlschema"
	"github.com/toolgen/toolgen/internal/scaleschema"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// invariantSchemas are the example's schema and every real schema present in the cache.
func invariantSchemas(t *testing.T) map[string][]byte {
	example, err := os.ReadFile("../../schema.graphql")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{"example": example}
	if testing.Short() {
		return out
	}
	if raw, err := os.ReadFile(githubschema.Path()); err == nil {
		out["github"], _, _, _ = githubschema.Prepare(raw)
	}
	for _, name := range append(scaleschema.Names(), scaleschema.Large()...) {
		if _, err := os.Stat(scaleschema.Path(name)); err == nil {
			out[name], _, _ = scaleschema.AllRoots(t, name)
		}
	}
	return out
}

func loadSchema(t *testing.T, name string, src []byte) *ast.Schema {
	t.Helper()
	s, ds := gqlschema.Load(&ast.Source{Name: name + ".graphql", Input: string(src)})
	if s == nil {
		t.Fatal(ds)
	}
	return s
}

// roots are the query and mutation fields of s with their kind.
func roots(s *ast.Schema) (kinds []string, fields []*ast.FieldDefinition) {
	for _, r := range []struct {
		kind string
		t    *ast.Definition
	}{{"query", s.Query}, {"mutation", s.Mutation}} {
		if r.t == nil {
			continue
		}
		for _, f := range r.t.Fields {
			if !strings.HasPrefix(f.Name, "__") {
				kinds, fields = append(kinds, r.kind), append(fields, f)
			}
		}
	}
	return kinds, fields
}

// TestShuffledDeclarationOrder is docs/selection.md's first invariant of the relevance rule: the
// order a schema declares its fields in changes no selection (only the order it is printed in).
// Every type's fields are shuffled; every root field's document, its selection sorted, must be
// the same. It failed before rank.go: Shopify's Admin API lost other fields when reversed.
func TestShuffledDeclarationOrder(t *testing.T) {
	for name, src := range invariantSchemas(t) {
		t.Run(name, func(t *testing.T) {
			s, shuffled := loadSchema(t, name, src), loadSchema(t, name, src)
			rng := rand.New(rand.NewSource(24))
			for _, d := range shuffled.Types {
				rng.Shuffle(len(d.Fields), func(i, j int) { d.Fields[i], d.Fields[j] = d.Fields[j], d.Fields[i] })
			}
			b, bs := New(s), New(shuffled)
			kinds, fields := roots(s)
			differ := 0
			for i, f := range fields {
				r, err := b.Build(kinds[i], f, Options{})
				if err != nil {
					continue // the same error either way: the compile reports it
				}
				sf := shuffled.Query.Fields.ForName(f.Name)
				if kinds[i] == "mutation" {
					sf = shuffled.Mutation.Fields.ForName(f.Name)
				}
				rs, err := bs.Build(kinds[i], sf, Options{})
				if err != nil {
					t.Errorf("%s: shuffled: %v", f.Name, err)
					continue
				}
				if a, z := canonical(t, r.Text), canonical(t, rs.Text); a != z {
					if differ++; differ <= 5 {
						t.Errorf("%s: declaration order changed the selection:\n  %s\n  %s", f.Name, a, z)
					}
				}
			}
			if differ > 0 {
				t.Errorf("%d of %d documents differ", differ, len(fields))
			}
		})
	}
}

// canonical prints an operation with every selection set sorted.
func canonical(t *testing.T, doc string) string {
	q, err := parser.ParseQuery(&ast.Source{Input: doc})
	if err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	var set func(ss ast.SelectionSet) string
	set = func(ss ast.SelectionSet) string {
		var parts []string
		for _, s := range ss {
			switch s := s.(type) {
			case *ast.Field:
				p := s.Alias + ":" + s.Name
				for _, a := range s.Arguments {
					p += "(" + a.Name + ":" + a.Value.String() + ")"
				}
				parts = append(parts, p+set(s.SelectionSet))
			case *ast.InlineFragment:
				parts = append(parts, "on "+s.TypeCondition+set(s.SelectionSet))
			}
		}
		if len(parts) == 0 {
			return ""
		}
		sort.Strings(parts)
		return "{" + strings.Join(parts, " ") + "}"
	}
	return set(q.Operations[0].SelectionSet)
}

// TestFitKeepsTheMostRelevant checks the fit phase's promises on every tool of every schema: no
// field it trimmed whole ranks above a field it kept beside it (rank.go's order, the summary
// aside), an entity selection keeps its id and its name-like field, and every field the root
// entity lost is named in the tool's notes.
func TestFitKeepsTheMostRelevant(t *testing.T) {
	for name, src := range invariantSchemas(t) {
		t.Run(name, func(t *testing.T) {
			s := loadSchema(t, name, src)
			b := New(s)
			kinds, fields := roots(s)
			bad := 0
			fail := func(format string, args ...any) {
				if bad++; bad <= 8 {
					t.Errorf(format, args...)
				}
			}
			for i, f := range fields {
				r, ft, err := b.build(kinds[i], f, Options{})
				if err != nil || ft == nil {
					continue
				}
				notes := strings.Join(r.Notes, "\n")
				for _, c := range candidates(ft.root) {
					checkGroup(b, c, notes, fail)
				}
			}
		})
	}
}

func checkGroup(b *Builder, c candidate, notes string, fail func(string, ...any)) {
	e := c.g.ent
	t := b.schema.Types[e.typeName]
	for _, gone := range e.gone {
		for _, k := range c.g.kids {
			if !e.inSummary[k.name] && lessRelevant(gone.tier, gone.trimWeight(), gone.name, k.tier, k.trimWeight(), k.name) > 0 {
				fail("%s: trimmed %s (%s) but kept %s (%s)", c.path, gone.name, tierNames[gone.tier], k.name, tierNames[k.tier])
			}
		}
	}
	kept := map[string]bool{}
	for _, k := range c.g.kids {
		kept[k.name] = true
	}
	for _, f := range b.summary(t) {
		if !kept[f.Name] && slices.ContainsFunc(e.detail, func(k *node) bool { return k.name == f.Name }) {
			fail("%s: %s's summary field %s is not kept", c.path, e.typeName, f.Name)
		}
	}
	if e.root && !e.summarized {
		for _, k := range e.detail {
			if !kept[k.name] && !strings.Contains(notes, c.path+"."+k.name) {
				fail("%s: %s was dropped and the notes do not name it:\n%s", c.path, k.name, notes)
			}
		}
	}
}
