package compile

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/catdiff"
	"github.com/toolgen/toolgen/internal/gqlschema"
	"github.com/toolgen/toolgen/internal/opbuild"
	"github.com/toolgen/toolgen/internal/scaleschema"
	"github.com/toolgen/toolgen/internal/selection"
	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/toolgen/toolgen/internal/tokencount"
	"github.com/vektah/gqlparser/v2/ast"
)

// selStats counts, per real schema, the failure classes of the default selection that
// docs/selection.md's table of large schemas reports (issue 24), before and after its rule.
type selStats struct {
	tools      int
	inverted   int // tools whose fit dropped a field ranking above one it kept
	lostKey    int // tools whose fit dropped a state, money or key-date field
	noName     int // entity selections without an id or without a name-like field the type has
	abstract   int // abstract results whose implementing types add leaves, without a fragment
	abstractIn int // … of which a collection inside the result (a hop's nodes), not the result or its items
	sibling    int // mutations whose answer selects an object the input did not touch
	deprecArgs int // deprecated arguments or input fields offered
	secrets    int // credential leaves selected
	overInput  int // input schemas over 1,500 tokens
	maxInput   int // the largest input schema's tokens
	overNoWarn int // … of which without a warning
	unbounded  int // list tools whose page size has no maximum
	lists      int // list tools with a page-size argument
	examples   map[string][]string
}

func (s selStats) String() string {
	return fmt.Sprintf("tools %d | fit dropped a higher-ranked field %d | fit dropped state/money/key date %d | entity without id or name %d | "+
		"abstract result without member fragments %d (%d nested) | mutation answer with the API's singleton %d | deprecated args offered %d | "+
		"secrets selected %d | input > 1,500 tokens %d (no warning %d, max %d) | page size without maximum %d of %d",
		s.tools, s.inverted, s.lostKey, s.noName, s.abstract, s.abstractIn, s.sibling, s.deprecArgs, s.secrets, s.overInput, s.overNoWarn, s.maxInput, s.unbounded, s.lists)
}

func (s *selStats) example(kind, what string) {
	if len(s.examples[kind]) < 3 {
		s.examples[kind] = append(s.examples[kind], what)
	}
}

// TestLargeSchemaSelections measures the failure classes on every scale schema and logs a row
// per schema (go test ./internal/compile -run LargeSchemaSelections -v). It fails on the
// invariants docs/selection.md promises on every real schema.
func TestLargeSchemaSelections(t *testing.T) {
	for _, name := range append(append([]string{"github"}, scaleschema.Names()...), scaleschema.Large()...) {
		t.Run(name, func(t *testing.T) {
			in, _ := scaleInputs(t, name)
			c, ds := Compile(in)
			if c == nil {
				t.Fatalf("%s did not compile:\n%s", name, ds)
			}
			st := measureRelevance(t, in, c, ds.String())
			t.Logf("%s: %s", name, st)
			for k, v := range st.examples {
				t.Logf("  %s: %s", k, strings.Join(v, "; "))
			}
			// What docs/selection.md promises on every real schema; the rest is measured.
			if st.secrets > 0 || st.deprecArgs > 0 || st.overNoWarn > 0 || st.inverted > 0 || st.unbounded > 0 {
				t.Errorf("%s: %d secrets selected, %d deprecated arguments or input fields offered, %d input schemas over 1,500 tokens without a warning, "+
					"%d tools whose fit dropped a field ranked above one it kept, %d list tools without a page-size maximum",
					name, st.secrets, st.deprecArgs, st.overNoWarn, st.inverted, st.unbounded)
			}
		})
	}
}

func measureRelevance(t *testing.T, in Inputs, c *catalog.Catalog, diags string) selStats {
	t.Helper()
	schema, lds := gqlschema.Load(&ast.Source{Name: in.SchemaPath, Input: string(in.Schema)})
	if schema == nil {
		t.Fatal(lds)
	}
	b := opbuild.New(schema)
	st := selStats{tools: len(c.Tools), examples: map[string][]string{}}
	for _, tool := range c.Tools {
		doc, vds := selection.Parse(schema, tool.Name+".graphql", tool.Operation)
		if len(vds) > 0 {
			t.Errorf("%s: %s", tool.Name, vds)
			continue
		}
		op := doc.Operations[0]
		root := op.SelectionSet[0].(*ast.Field)
		st.measureFit(b, tool, root)
		walkSets(root, func(f *ast.Field) { st.measureEntity(b, tool.Name, f) })
		st.measureAbstract(schema, tool.Name, root)
		if op.Operation == ast.Mutation {
			st.measureSibling(b, tool.Name, root)
		}
		for _, a := range root.Definition.Arguments {
			required := a.Type.NonNull && a.DefaultValue == nil
			if a.Directives.ForName("deprecated") != nil && !required && strings.Contains(tool.Operation, "$"+a.Name+":") {
				st.deprecArgs++
				st.example("deprecated", tool.Name+"."+a.Name)
			}
		}
		st.deprecArgs += deprecatedInputFields(schema, tool)
		walkSets(root, func(f *ast.Field) {
			for _, s := range f.SelectionSet {
				if l, ok := s.(*ast.Field); ok && l.Definition != nil && len(l.SelectionSet) == 0 && l.ObjectDefinition != nil &&
					sensitive.Credential(sensitive.Returned(schema, l.ObjectDefinition, l.Definition)) {
					st.secrets++
					st.example("secret", tool.Name+": "+l.ObjectDefinition.Name+"."+l.Name)
				}
			}
		})
		n, err := tokencount.Count(string(tool.InputSchema))
		if err != nil {
			t.Fatal(err)
		}
		st.maxInput = max(st.maxInput, n)
		if n > 1500 {
			st.overInput++
			if !strings.Contains(diags, tool.Name) {
				st.overNoWarn++
			}
		}
		st.measurePageSize(tool, root)
	}
	return st
}

// walkSets calls fn on f and every field under it that has a selection set.
func walkSets(f *ast.Field, fn func(*ast.Field)) {
	if len(f.SelectionSet) == 0 {
		return
	}
	fn(f)
	var walk func(ss ast.SelectionSet)
	walk = func(ss ast.SelectionSet) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ast.Field:
				walkSets(s, fn)
			case *ast.InlineFragment:
				walk(s.SelectionSet)
			}
		}
	}
	walk(f.SelectionSet)
}

// measureFit reads the tool's trim note, finds each trimmed field's type and the fields kept
// beside it, and counts inversions of the relevance order.
func (st *selStats) measureFit(b *opbuild.Builder, tool catalog.Tool, root *ast.Field) {
	inverted, lost := false, false
	for _, note := range tool.Notes {
		list, ok := strings.CutPrefix(note, "selection trimmed to fit the budget: ")
		if !ok {
			continue
		}
		for _, path := range strings.Split(list, ", ") {
			set, owner := setAt(root, strings.Split(path, "."))
			if owner == nil {
				continue
			}
			name := path[strings.LastIndex(path, ".")+1:]
			fd := owner.Fields.ForName(name)
			if fd == nil {
				continue
			}
			tier, tierName := b.Relevance(owner, fd)
			if tierName == "state" || tierName == "total" || tierName == "money" || tierName == "key date" {
				lost = true
				st.example("lost", tool.Name+": "+owner.Name+"."+name)
			}
			for _, s := range set {
				k, ok := s.(*ast.Field)
				if !ok || k.Definition == nil || k.Name == "id" {
					continue
				}
				if kt, _ := b.Relevance(owner, k.Definition); kt < tier && !b.InSummary(owner, k.Definition) && !strings.HasPrefix(k.Name, "__") {
					inverted = true
					st.example("inverted", fmt.Sprintf("%s: dropped %s.%s, kept %s", tool.Name, owner.Name, name, k.Name))
				}
			}
		}
	}
	if inverted {
		st.inverted++
	}
	if lost {
		st.lostKey++
	}
}

// setAt follows a note's path (root.field.field[Fragment].field) from the root field to the
// selection set the last element was trimmed from, and the type that declares it.
func setAt(root *ast.Field, path []string) (ast.SelectionSet, *ast.Definition) {
	if len(path) < 2 {
		return nil, nil
	}
	cur, set := root, root.SelectionSet
	for i, seg := range path[:len(path)-1] {
		name, frag, _ := strings.Cut(seg, "[")
		frag = strings.TrimSuffix(frag, "]")
		if i > 0 {
			var next *ast.Field
			for _, s := range set {
				if f, ok := s.(*ast.Field); ok && (f.Alias == name || f.Name == name) && len(f.SelectionSet) > 0 {
					next = f
				}
			}
			if next == nil {
				return nil, nil
			}
			cur = next
			set = cur.SelectionSet
		}
		if frag != "" {
			for _, s := range set {
				if in, ok := s.(*ast.InlineFragment); ok && in.TypeCondition == frag {
					set = in.SelectionSet
				}
			}
		}
	}
	if len(set) == 0 {
		return nil, nil
	}
	if f, ok := set[0].(*ast.Field); ok && f.ObjectDefinition != nil {
		return set, f.ObjectDefinition
	}
	return set, nil
}

// measureEntity counts a selection of an object with an id that lacks its id, or lacks a
// name-like leaf its type has.
func (st *selStats) measureEntity(b *opbuild.Builder, tool string, f *ast.Field) {
	var t *ast.Definition
	names := map[string]bool{}
	for _, s := range f.SelectionSet {
		if k, ok := s.(*ast.Field); ok && k.ObjectDefinition != nil {
			t, names[k.Name] = k.ObjectDefinition, true
		}
	}
	if t == nil || len(names) < 2 {
		return
	}
	id := t.Fields.ForName("id")
	if id == nil {
		id = t.Fields.ForName("_id")
	}
	if id == nil {
		return
	}
	missing := ""
	if !names[id.Name] {
		missing = id.Name
	}
	hasName, selName := "", false
	for _, fd := range t.Fields {
		if _, tier := b.Relevance(t, fd); tier == "identity" && fd != id && len(fd.Arguments) == 0 && fd.Directives.ForName("deprecated") == nil && fd.Type.Elem == nil {
			if d := b.Schema().Types[fd.Type.Name()]; d != nil && (d.Kind == ast.Scalar || d.Kind == ast.Enum) {
				hasName = fd.Name
				selName = selName || names[fd.Name]
			}
		}
	}
	if hasName != "" && !selName {
		missing += " " + hasName
	}
	if missing != "" {
		st.noName++
		st.example("noName", tool+": "+f.Name+" ("+t.Name+") lacks"+strings.TrimRight(" "+missing, " "))
	}
}

// measureAbstract counts a root result (or a connection's or page's items) of an interface or
// union type whose members add leaves of their own but which has no member fragment.
func (st *selStats) measureAbstract(schema *ast.Schema, tool string, root *ast.Field) {
	walkSets(root, func(f *ast.Field) {
		t := schema.Types[f.Definition.Type.Name()]
		if t == nil || t.Kind != ast.Interface || f != root && f.Name != "nodes" && f.Name != "node" && f.Name != "items" {
			return
		}
		for _, s := range f.SelectionSet {
			if _, ok := s.(*ast.InlineFragment); ok {
				return
			}
		}
		for _, m := range schema.GetPossibleTypes(t) {
			if len(m.Fields) > len(t.Fields)+1 {
				st.abstract++
				if f != root && !slices.ContainsFunc(root.SelectionSet, func(s ast.Selection) bool { return s == f }) {
					st.abstractIn++
				}
				st.example("abstract", tool+": "+f.Name+" ("+t.Name+")")
				return
			}
		}
	})
}

// measureSibling counts a mutation whose answer selects the API's one context object (a
// singleton: Query.shop) that its name does not name: collectionDelete's shop { … }.
func (st *selStats) measureSibling(b *opbuild.Builder, tool string, root *ast.Field) {
	for _, s := range root.SelectionSet {
		f, ok := s.(*ast.Field)
		if !ok || len(f.SelectionSet) == 0 || f.Definition == nil {
			continue
		}
		if b.Singleton(f.Definition.Type.Name()) && !strings.Contains(strings.ToLower(root.Name), strings.ToLower(f.Name)) {
			st.sibling++
			st.example("sibling", tool+"."+f.Name)
			return
		}
	}
}

// deprecatedInputFields counts the deprecated input fields a tool's input schema offers,
// walking the JSON Schema beside the GraphQL input types ($refs followed once).
func deprecatedInputFields(schema *ast.Schema, tool catalog.Tool) int {
	var root map[string]any
	if json.Unmarshal(tool.InputSchema, &root) != nil {
		return 0
	}
	defs, _ := root["$defs"].(map[string]any)
	n := 0
	seen := map[string]bool{}
	var walk func(js map[string]any, t *ast.Type)
	walk = func(js map[string]any, t *ast.Type) {
		if ref, ok := js["$ref"].(string); ok {
			name := strings.TrimPrefix(ref, "#/$defs/")
			if seen[name] {
				return
			}
			seen[name] = true
			js, _ = defs[name].(map[string]any)
		}
		if items, ok := js["items"].(map[string]any); ok && t.Elem != nil {
			walk(items, t.Elem)
			return
		}
		d := schema.Types[t.Name()]
		props, _ := js["properties"].(map[string]any)
		if d == nil || d.Kind != ast.InputObject || props == nil {
			return
		}
		for _, f := range d.Fields {
			p, ok := props[f.Name].(map[string]any)
			if !ok {
				continue
			}
			if f.Directives.ForName("deprecated") != nil && p["deprecated"] != true {
				n++
			}
			walk(p, f.Type)
		}
	}
	props, _ := root["properties"].(map[string]any)
	for _, v := range tool.Variables {
		if p, ok := props[v.Name].(map[string]any); ok {
			walk(p, astType(v.Type))
		}
	}
	return n
}

// measurePageSize counts a list tool whose page-size property has no maximum.
func (st *selStats) measurePageSize(tool catalog.Tool, root *ast.Field) {
	if !returnsList(root) {
		return // an aggregate's limit bounds the rows it counts, not a page the agent reads
	}
	var s struct {
		Properties map[string]map[string]any `json:"properties"`
	}
	if json.Unmarshal(tool.InputSchema, &s) != nil {
		return
	}
	for _, name := range []string{"first", "take", "limit", "size", "pageSize", "perPage", "per_page", "top", "count"} {
		p, ok := s.Properties[name]
		if !ok || p["type"] != "integer" {
			continue
		}
		st.lists++
		if _, ok := p["maximum"]; !ok {
			st.unbounded++
		}
		return
	}
}

// returnsList: the answer holds a list somewhere (the root field, a page's nodes, a payload's
// items); a count or an aggregate (Hasura's limit bounds the rows it counts) holds none.
func returnsList(f *ast.Field) bool {
	if f.Definition != nil && f.Definition.Type.Elem != nil {
		return true
	}
	return slices.ContainsFunc(f.SelectionSet, func(s ast.Selection) bool {
		switch s := s.(type) {
		case *ast.Field:
			return returnsList(s)
		case *ast.InlineFragment:
			return returnsList(&ast.Field{SelectionSet: s.SelectionSet})
		}
		return false
	})
}

// TestAdminVersionsDiff diffs the Shopify Admin API's catalogs of 2025-10 and 2026-10 (the
// tools both have) and counts the removed fields toolgen diff blames on the budget: the API
// still has them, the new catalog's fit phase left them out. Each such field must be named in
// the new tool's notes, and toolgen diff must say so.
func TestAdminVersionsDiff(t *testing.T) {
	oldIn, _ := scaleInputs(t, "shopify-admin-old")
	newIn, _ := scaleInputs(t, "shopify-admin")
	oldCat, ds := Compile(oldIn)
	if oldCat == nil {
		t.Fatal(ds)
	}
	newCat, ds := Compile(newIn)
	if newCat == nil {
		t.Fatal(ds)
	}
	r := catdiff.Diff(oldCat, newCat, catdiff.Options{})
	removed, byBudget := 0, 0
	for _, c := range r.Changes {
		if c.ID != "selection-field-removed" {
			continue
		}
		removed++
		if strings.Contains(c.Message, "the tool's selection budget left it out") {
			if byBudget++; byBudget <= 3 {
				t.Logf("  %s", c.Message)
			}
		}
	}
	t.Logf("shopify-admin 2025-10 -> 2026-10: %d fields removed from tools, %d of them by the budget, not the API", removed, byBudget)
	if byBudget == 0 {
		t.Errorf("no removal was put down to the budget: toolgen diff blames the API for what the fit left out")
	}
}
