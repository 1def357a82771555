package compile

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/gqlschema"
	"github.com/toolgen/toolgen/internal/scaleschema"
	"github.com/toolgen/toolgen/internal/selection"
	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/toolgen/toolgen/internal/tokencount"
	"github.com/vektah/gqlparser/v2/ast"
)

// TestPersonalDataScale compiles every real schema as the scale tests do and again with
// selection: {personal: true}, and logs what leaving personal data out changes
// (docs/selection.md, "Personal data"): tools whose document changed, the personal fields the
// opt-in selects that the default does not, and the documents' tokens. It fails when a default
// selection selects personal data, or when a tool the rule changed has no note saying so.
func TestPersonalDataScale(t *testing.T) {
	for _, name := range slices.Concat([]string{"github"}, scaleschema.Names(), scaleschema.Large()) {
		t.Run(name, func(t *testing.T) {
			in, _ := scaleInputs(t, name)
			off, ds := Compile(in)
			if off == nil {
				t.Fatalf("%s did not compile:\n%s", name, ds)
			}
			optIn := in
			optIn.Allowlist = append([]byte("selection: {personal: true}\n"), in.Allowlist...)
			on, ds := Compile(optIn)
			if on == nil {
				t.Fatalf("%s did not compile with the opt-in:\n%s", name, ds)
			}
			schema, lds := gqlschema.Load(&ast.Source{Name: in.SchemaPath, Input: string(in.Schema)})
			if schema == nil {
				t.Fatal(lds)
			}
			st := comparePersonal(t, schema, off, on)
			t.Logf("%s: %s", name, st)
			for _, e := range st.examples {
				t.Logf("  %s", e)
			}
			if testing.Verbose() {
				t.Logf("  left out: %s", strings.Join(slices.Sorted(maps.Keys(st.distinct)), ", "))
			}
			if st.selected > 0 || len(st.silent) > 0 {
				t.Errorf("%s: %d personal fields selected by default; changed without a note: %s", name, st.selected, strings.Join(st.silent, ", "))
			}
		})
	}
}

type personalStats struct {
	tools, changed, noted int
	selected              int // personal fields the default selects (0)
	leftOut               int // personal fields the opt-in selects and the default does not
	distinct              map[string]bool
	tokensOff, tokensOn   int
	silent, examples      []string
}

func (s personalStats) String() string {
	return fmt.Sprintf("tools %d | changed %d (noted %d) | personal fields left out %d (%d distinct Type.field) | document tokens %d → %d (%+d)",
		s.tools, s.changed, s.noted, s.leftOut, len(s.distinct), s.tokensOn, s.tokensOff, s.tokensOff-s.tokensOn)
}

func comparePersonal(t *testing.T, schema *ast.Schema, off, on *catalog.Catalog) personalStats {
	t.Helper()
	st := personalStats{tools: len(off.Tools), distinct: map[string]bool{}}
	byName := map[string]catalog.Tool{}
	for _, tool := range on.Tools {
		byName[tool.Name] = tool
	}
	for _, tool := range off.Tools {
		with, ok := byName[tool.Name]
		if !ok {
			t.Errorf("%s: a tool only without the opt-in", tool.Name)
			continue
		}
		a, b := personalFields(t, schema, tool), personalFields(t, schema, with)
		for _, f := range a {
			// a payload whose only result is personal data answers with it in summary form, noted
			if !slices.ContainsFunc(tool.Notes, func(n string) bool {
				return strings.HasPrefix(n, "selected though personal data") && strings.Contains(n, " "+f[strings.Index(f, ".")+1:]+",")
			}) {
				st.selected++
			}
		}
		st.tokensOff += countTokens(t, tool.Operation)
		st.tokensOn += countTokens(t, with.Operation)
		if tool.Operation == with.Operation {
			continue
		}
		st.changed++
		noted := slices.ContainsFunc(tool.Notes, func(n string) bool { return strings.Contains(n, "personal data") })
		if noted {
			st.noted++
		} else if len(st.silent) < 5 {
			st.silent = append(st.silent, tool.Name)
		}
		for _, f := range b {
			if !slices.Contains(a, f) {
				st.leftOut++
				st.distinct[f] = true
			}
		}
		if len(st.examples) < 3 {
			st.examples = append(st.examples, tool.Name+": "+strings.Join(b, ", "))
		}
	}
	return st
}

// personalFields lists Type.field for every field of the tool's document whose name reads as
// personal data, once per place it is selected.
func personalFields(t *testing.T, schema *ast.Schema, tool catalog.Tool) []string {
	doc, vds := selection.Parse(schema, tool.Name+".graphql", tool.Operation)
	if len(vds) > 0 {
		t.Fatalf("%s: %s", tool.Name, vds)
	}
	var out []string
	var walk func(ast.SelectionSet)
	walk = func(set ast.SelectionSet) {
		for _, s := range set {
			switch s := s.(type) {
			case *ast.Field:
				if s.Definition != nil && s.ObjectDefinition != nil && sensitive.PersonalIn(schema, s.ObjectDefinition, s.Definition) {
					out = append(out, s.ObjectDefinition.Name+"."+s.Name)
				}
				walk(s.SelectionSet)
			case *ast.InlineFragment:
				walk(s.SelectionSet)
			}
		}
	}
	walk(doc.Operations[0].SelectionSet[0].(*ast.Field).SelectionSet)
	return out
}

func countTokens(t *testing.T, s string) int {
	n, err := tokencount.Count(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
