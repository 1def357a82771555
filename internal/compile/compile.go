// Package compile wires the build-time stages: it reads the inputs (as bytes), validates them
// against each other, and builds the catalog IR with every tool's document, input schema and
// token count. It is pure: no disk access, every problem returned as a positioned diagnostic.
package compile

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/allowlist"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/gqlschema"
	"github.com/toolgen/toolgen/internal/jsonschema"
	"github.com/toolgen/toolgen/internal/opbuild"
	"github.com/toolgen/toolgen/internal/platform"
	"github.com/toolgen/toolgen/internal/selection"
	"github.com/toolgen/toolgen/internal/tokencount"
	"github.com/vektah/gqlparser/v2/ast"
)

// Inputs are the three hand-edited inputs, already read. Paths are repository-relative and
// appear in diagnostics.
type Inputs struct {
	// SchemaPath is the schema's file, or, when the schema is several files, how they were
	// named (the -schema value, e.g. graph/*.graphqls): what a fix that names the schema says.
	SchemaPath string
	// Schema is the text of a schema in one file, SchemaPath.
	Schema []byte
	// SchemaFiles, when set, are the schema's files instead of Schema (see SchemaFile), in the
	// order their definitions are read.
	SchemaFiles []SchemaFile
	// SchemaSDLPath, when set, names the SDL that Schema holds, converted from the
	// introspection result at SchemaPath (generate.Read): positions in the schema carry it,
	// since SchemaPath's one line of JSON has none of them.
	SchemaSDLPath string
	AllowlistPath string
	Allowlist     []byte
	// Selections maps each <SelectionsDir>/<tool>.graphql path to its contents.
	Selections map[string][]byte
	// SelectionsDir is the overrides folder as given, which fixes name; "" means tool-selections.
	SelectionsDir string
	// Tokens counts tokens; nil counts in memory only. It is not an input of the catalog: any
	// cache gives the tokenizer's own counts.
	Tokens *tokencount.Cache
	// LintAsWarnings reports every lint finding as a warning (toolgen -lint warn).
	LintAsWarnings bool
}

// Compile builds the catalog. It returns a nil catalog when any diagnostic is an error;
// warnings may accompany a catalog.
func Compile(in Inputs) (*catalog.Catalog, diag.List) { return CompileThen(in, nil) }

// CompileThen is Compile that hands built, a copy of the catalog made before the lints run
// (its tools have no Review yet), to unreviewed as soon as it exists, so work that does not
// read the review can start alongside the lints. unreviewed is not called when the catalog
// has errors before the lints; the lints can still add errors afterwards.
func CompileThen(in Inputs, unreviewed func(built *catalog.Catalog)) (*catalog.Catalog, diag.List) {
	c, ds := compileThen(in, unreviewed)
	return c, noteSDL(in, ds)
}

func compileThen(in Inputs, unreviewed func(built *catalog.Catalog)) (*catalog.Catalog, diag.List) {
	in, tds := checkText(in)
	if len(tds) > 0 {
		return finish(nil, tds)
	}
	schema, ds := gqlschema.Load(in.SchemaSources()...)
	list, lds := allowlist.Parse(in.AllowlistPath, in.Allowlist)
	ds = append(ds, lds...)
	if schema == nil || list == nil {
		return finish(nil, ds)
	}
	tokens := in.Tokens
	if tokens == nil {
		tokens = tokencount.NewMemoryCache()
	}
	c := &compiler{schema: schema, list: list, mapper: jsonschema.New(schema).WithScalars(scalarSchemas(list)), tokens: tokens,
		selections: cmp.Or(in.SelectionsDir, "tool-selections")}
	ds = append(ds, list.Resolve(rootsOf(schema))...)
	ds = append(ds, list.ResolveScalars(customScalars(schema))...)
	ds = append(ds, c.loadOverrides(in.Selections)...)
	ds = append(ds, c.buildTools()...)
	c.scalarTypes()
	ds = append(ds, c.fitInputs()...)
	ds = append(ds, c.inputBudgets()...)
	ds = append(ds, c.totals()...)
	stamp(c.cat, in)     // before the early copy: every emitter renders the same provenance
	if !ds.HasErrors() { // the lints read validated documents; other errors come first
		c.accessAll()
		if unreviewed != nil {
			built := *c.cat
			built.Tools = slices.Clone(c.cat.Tools) // review fills the Review of c.cat's tools
			unreviewed(&built)
		}
		ds = append(ds, c.review(in)...)
	}
	return finish(c.cat, ds)
}

func finish(c *catalog.Catalog, ds diag.List) (*catalog.Catalog, diag.List) {
	ds = ds.Sorted()
	if ds.HasErrors() {
		return nil, ds
	}
	return c, ds
}

// compiler carries the validated inputs through the stages.
type compiler struct {
	schema     *ast.Schema
	list       *allowlist.File
	mapper     *jsonschema.Mapper
	overrides  map[string]*selection.Override
	ops        *opbuild.Builder // default documents; per-type answers cached across tools
	tokens     *tokencount.Cache
	cat        *catalog.Catalog
	inputs     []jsonschema.Object           // each tool's input schema, in c.cat.Tools order
	docs       map[string]*ast.QueryDocument // each tool's validated operation, for the lints
	selections string                        // the overrides folder, for fixes that say to write one
}

// overrideFile is where an override of tool goes, as a fix names it.
func (c *compiler) overrideFile(tool string) string {
	return path.Join(c.selections, tool+".graphql")
}

// rootField is a Query or Mutation field with its operation kind.
type rootField struct {
	kind  catalog.Kind
	field *ast.FieldDefinition
}

// roots lists the Query fields then the Mutation fields, in declaration order: the tool order
// the model sees, chosen on purpose.
func roots(schema *ast.Schema) []rootField {
	var out []rootField
	for _, r := range []struct {
		kind catalog.Kind
		def  *ast.Definition
	}{{catalog.Query, schema.Query}, {catalog.Mutation, schema.Mutation}} {
		if r.def == nil {
			continue
		}
		for _, f := range r.def.Fields {
			if len(f.Name) < 2 || f.Name[:2] != "__" { // introspection fields are not tools
				out = append(out, rootField{r.kind, f})
			}
		}
	}
	return out
}

// rootsOf is what the allow-list is resolved against: the root fields and the root types' names.
func rootsOf(schema *ast.Schema) allowlist.Roots {
	var r allowlist.Roots
	for _, f := range roots(schema) {
		r.Fields = append(r.Fields, f.field.Name)
	}
	types := []string{schema.Query.Name}
	if schema.Mutation != nil {
		types = append(types, schema.Mutation.Name)
	}
	r.Types = strings.Join(types, " or ")
	r.Hidden = platform.HiddenRoots(schema)
	r.Plumbing = federationPlumbing(schema)
	// Subscription fields are never tools; they are named so that the allow-list can say why.
	if schema.Subscription != nil {
		r.Subscription = schema.Subscription.Name
		for _, f := range schema.Subscription.Fields {
			r.Subscriptions = append(r.Subscriptions, f.Name)
		}
	}
	return r
}

// federationPlumbing names the query fields a federation subgraph library adds for the router:
// _entities(representations:) and _service, whose type has sdl (as toolgen init recognises
// them, which comments them out).
func federationPlumbing(schema *ast.Schema) map[string]string {
	m := map[string]string{}
	if f := schema.Query.Fields.ForName("_entities"); f != nil && f.Arguments.ForName("representations") != nil {
		m[f.Name] = "Apollo Federation's entity lookup, which only the router calls, with representations it writes"
	}
	if f := schema.Query.Fields.ForName("_service"); f != nil {
		if t := schema.Types[f.Type.Name()]; t != nil && t.Fields.ForName("sdl") != nil {
			m[f.Name] = "Apollo Federation's subgraph schema (sdl), which only the router asks for, to compose the supergraph"
		}
	}
	return m
}

// rootKind returns the kind of the first root field with that name, or "".
func (c *compiler) rootKind(name string) catalog.Kind {
	for _, r := range roots(c.schema) {
		if r.field.Name == name {
			return r.kind
		}
	}
	return ""
}
