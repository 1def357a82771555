// Package starter writes a first allowlist.yaml for a schema (toolgen init): every query root
// field as a tool with its token cost, every mutation and every field the model could not use as
// it stands (no description, deprecated, Relay's node lookups and compatibility fields, no
// usable default operation, nothing but a credential's metadata) commented out with the reason,
// and the custom scalars sent as strings only by guess as a commented scalars: block. What it
// prints compiles as printed, and so does every edit its comments invite; a person then deletes
// what agents do not need.
package starter

import (
	"bytes"
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/gqlschema"
	"github.com/toolgen/toolgen/internal/tokencount"
)

// field is one root field and what the probe compile learned about it.
type field struct {
	name       string
	mutation   bool
	described  bool
	deprecated string // the reason; "" when not deprecated
	tokens     int
	problem    string // why it does not compile as a default tool; "" when it does
	clash      string // the field whose name differs from this one's only in case, kept instead
	lint       string // the lint error that keeps it out of the printed tools, with its fix
	// useless is the credential-only warning: the default selection leaves out the credential
	// the field is for, so the tool would tell an agent nothing it can use.
	useless string
	// plumbing says why a query field serves the API's machinery, not an agent (see plumbing).
	plumbing string
	// routerOnly marks a federation subgraph's _entities and _service, which the allow-list
	// refuses as tools: they are printed commented out, and not compiled.
	routerOnly bool
	// needs is what the server checks before it answers the root field (the tool's first access
	// line: "role STAFF" for @hasRole(role: STAFF)), so the entry says which roles to give it.
	needs string
	def   *ast.FieldDefinition
	// What rank.go learned: how the field reaches which entity, its score, its place in the
	// ranking of the queries, and the description written for it when the schema has none.
	access     access
	entity     string
	score      float64
	rank       int
	written    string
	overBudget int // the -budget that left this usable query out; 0 when it is printed as a tool
}

// withAllowlist is a compile of the schema with the allow-list text allow.
func withAllowlist(schema compile.Inputs, allow []byte, lintAsWarnings bool, tokens *tokencount.Cache) compile.Inputs {
	schema.AllowlistPath, schema.Allowlist, schema.LintAsWarnings, schema.Tokens = "allowlist.yaml", allow, lintAsWarnings, tokens
	return schema
}

// maxRounds bounds the probe compiles: each round drops the tools that failed the previous one,
// and a failure in one tool does not hide another's, so two rounds normally suffice.
const maxRounds = 4

// AllowlistWithin returns the starter allow-list for the schema: the schema fields of
// compile.Inputs (one file or several, as generate.ReadSchema fills them). Its SchemaPath is the
// schema as the user named it, in the header and in diagnostics about the whole schema. It
// prints as tools, best ranked first (rank.go), only the usable queries whose definitions fit
// budget tokens together (DefaultBudget for toolgen init's default); the others it comments out
// with their cost. tokens counts for every compile it makes (the probe, the lint rounds, the
// printed file); nil lets each compile count in memory.
func AllowlistWithin(schema compile.Inputs, tokens *tokencount.Cache, budget int) ([]byte, diag.List) {
	schemaName := schema.SchemaPath
	s, ds := gqlschema.Load(schema.SchemaSources()...)
	if s == nil || ds.HasErrors() {
		return nil, ds
	}
	fields := rootFields(s)
	if len(fields) == 0 {
		ds.Add(schemaName, 0, 0, "the query type has no fields", "check that this is the API's schema")
		return nil, ds
	}
	caseClashes(fields)
	if pds := probe(schema, fields, tokens); pds.HasErrors() {
		return nil, pds
	}
	// The lints run on every entry that compiles, mutations and undescribed ones included (with
	// a placeholder description), so that uncommenting an entry without a lint note compiles
	// too once its description is written; then the printed file is compiled as printed.
	if lds := lint(schema, fields, tokens); lds.HasErrors() {
		return nil, lds
	}
	enable(ranked(fields), budget)
	out := render(schemaName, fields, guessedScalars(s, fields), loginDocument(s))
	if !slices.ContainsFunc(fields, (*field).isActive) {
		ds.Warn(schemaName, 0, 0, "no query field compiles as a tool as it stands (no description, deprecated or refused), so the printed tools: names none",
			"uncomment the entries agents need and write the descriptions the schema lacks")
	}
	if _, cds := compile.Compile(withAllowlist(schema, out, false, tokens)); cds.HasErrors() {
		cds.Add("allowlist.yaml", 0, 0, "the starter allow-list does not compile", "this is a toolgen bug; please report it with your schema")
		return nil, cds
	}
	return out, ds
}

// lint compiles every compilable entry with the lints on, round by round, noting on each entry
// the finding that refuses it. An undescribed entry gets a placeholder description of its own,
// so that no two are identical (near-duplicate-description's error).
func lint(schema compile.Inputs, fields []*field, tokens *tokencount.Cache) diag.List {
	for range maxRounds {
		var b bytes.Buffer
		b.WriteString("tools:\n")
		for _, f := range fields {
			switch {
			case f.problem != "" || f.lint != "" || f.routerOnly:
			case f.described:
				fmt.Fprintf(&b, "  %s: {}\n", key(f.name))
			case f.written != "":
				fmt.Fprintf(&b, "  %s:\n    description: %s\n", key(f.name), strconv.Quote(f.written))
			default:
				fmt.Fprintf(&b, "  %s:\n    description: \"What %s returns; written by toolgen init to lint the entry.\"\n", key(f.name), f.name)
			}
		}
		cat, ds := compile.Compile(withAllowlist(schema, b.Bytes(), false, tokens))
		if !ds.HasErrors() {
			markTools(cat, fields)
			return nil
		}
		if fatal := attributeLints(ds, fields); len(fatal) > 0 {
			return fatal
		}
	}
	var ds diag.List
	ds.Add(schema.SchemaPath, 0, 0, "no starter allow-list passes the lints after commenting out what they refuse", "this is a toolgen bug; please report it with your schema")
	return ds
}

// markTools notes on each field what its compiled tool says about it: the credential-only
// finding, and what its root field's access line says the server checks.
func markTools(cat *catalog.Catalog, fields []*field) {
	if cat == nil {
		return
	}
	byName := map[string]*field{}
	for _, f := range fields {
		byName[f.name] = f
	}
	for _, t := range cat.Tools {
		f := byName[t.Name]
		if f == nil {
			continue
		}
		for _, fd := range t.Review.Findings {
			if fd.Rule == "credential-only" {
				f.useless = oneLine(strings.Replace(fd.Message, "tool \""+t.Name+"\" ", "", 1))
			}
		}
		f.needs = t.RootAccess()
	}
}

// quoted finds the quoted names in a diagnostic; lints name the tool they are about.
var quoted = regexp.MustCompile(`"([_A-Za-z][_0-9A-Za-z]*)"`)

// attributeLints marks the linted entry each error is about; the errors about none come back.
func attributeLints(ds diag.List, fields []*field) diag.List {
	active := map[string]*field{}
	for _, f := range fields {
		if f.problem == "" && f.lint == "" {
			active[f.name] = f
		}
	}
	var fatal diag.List
	for _, d := range ds {
		if d.Severity != diag.Error {
			continue
		}
		var about *field
		for _, m := range quoted.FindAllStringSubmatch(d.Message, -1) {
			if f := active[m[1]]; f != nil {
				about = f // the last named: of two similar tools, the first one stays
			}
		}
		if about == nil {
			fatal = append(fatal, d)
			continue
		}
		about.lint = oneLine(strings.Replace(d.Message, "tool \""+about.name+"\" ", "", 1))
	}
	return fatal
}

func rootFields(s *ast.Schema) []*field {
	var out []*field
	for _, root := range []*ast.Definition{s.Query, s.Mutation} {
		if root == nil {
			continue
		}
		for _, f := range root.Fields {
			if strings.HasPrefix(f.Name, "__") {
				continue
			}
			fl := &field{name: f.Name, mutation: root == s.Mutation, described: strings.TrimSpace(f.Description) != "",
				def: f}
			if root == s.Query {
				fl.plumbing = plumbing(s, f)
				fl.routerOnly = fl.plumbing != "" && (f.Name == "_entities" || f.Name == "_service")
			}
			if d := f.Directives.ForName("deprecated"); d != nil {
				fl.deprecated = "deprecated"
				if a := d.Arguments.ForName("reason"); a != nil && a.Value != nil {
					fl.deprecated = "deprecated: " + strings.TrimRight(oneLine(a.Value.Raw), ".")
				}
			}
			out = append(out, fl)
		}
	}
	for i, f := range rankFields(s, out) {
		f.rank, f.written = i, written(f)
	}
	return out
}

// ranked are the queries in rank order.
func ranked(fields []*field) []*field {
	var out []*field
	for _, f := range fields {
		if !f.mutation {
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b *field) int { return a.rank - b.rank })
	return out
}

// probe compiles every root field as a tool (a placeholder description where the schema has
// none) to learn its token cost, dropping the fields that fail round by round.
func probe(schema compile.Inputs, fields []*field, tokens *tokencount.Cache) diag.List {
	for range maxRounds {
		var b bytes.Buffer
		b.WriteString("tools:\n")
		lines := map[int]*field{}
		line := 2
		for _, f := range fields {
			if f.problem != "" || f.routerOnly {
				continue
			}
			lines[line] = f
			if f.described {
				fmt.Fprintf(&b, "  %s: {}\n", key(f.name))
				line++
				continue
			}
			fmt.Fprintf(&b, "  %s:\n    description: %s\n", key(f.name), strconv.Quote(cmp.Or(f.written, "placeholder")))
			line += 2
		}
		// Lints wait for the printed file (a placeholder description would trip them here).
		cat, ds := compile.Compile(withAllowlist(schema, b.Bytes(), true, tokens))
		if cat != nil {
			tokens := map[string]int{}
			for _, t := range cat.Tools {
				tokens[t.Name] = t.Tokens
			}
			for _, f := range fields {
				f.tokens = tokens[f.name]
			}
			return nil
		}
		var fatal diag.List
		for _, d := range ds {
			if d.Severity != diag.Error {
				continue
			}
			if f := lines[d.Line]; f != nil && d.File == "allowlist.yaml" {
				if f.problem == "" {
					f.problem = oneLine(d.Message)
				}
				continue
			}
			fatal = append(fatal, d)
		}
		if len(fatal) > 0 {
			return fatal
		}
	}
	var ds diag.List
	ds.Add(schema.SchemaPath, 0, 0, "no starter allow-list compiles after dropping the failing fields", "this is a toolgen bug; please report it with your schema")
	return ds
}

// caseClashes marks each root field whose name differs from another's only in case: their
// tools' generated files would be one file on case-insensitive file systems, so an allow-list
// may hold only one of them. The one kept is the first that is described and a query. (The
// probe would report the clash at a line of its own scratch allow-list.) A mutation of the same
// name as a query (monday.com's complexity) is marked too: an entry of that name runs the query,
// the first root field of that name, whatever is described.
func caseClashes(fields []*field) {
	groups := map[string][]*field{}
	var order []string
	for _, f := range fields {
		k := strings.ToLower(f.name)
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], f)
	}
	for _, k := range order {
		g := groups[k]
		if len(g) < 2 {
			continue
		}
		// A mutation named exactly as a query is not what an entry of that name runs.
		g = slices.DeleteFunc(slices.Clone(g), func(f *field) bool {
			twin := f.mutation && slices.ContainsFunc(g, func(q *field) bool { return !q.mutation && q.name == f.name })
			if twin {
				f.clash, f.problem = f.name, "the query field of the same name is the one an entry of this name runs"
			}
			return twin
		})
		if len(g) < 2 {
			continue
		}
		keep := g[0]
		if i := slices.IndexFunc(g, func(f *field) bool { return f.described && !f.mutation }); i >= 0 {
			keep = g[i]
		}
		for _, f := range g {
			if f != keep {
				f.clash, f.problem = keep.name, "its name differs from "+keep.name+"'s only in case"
			}
		}
	}
}

// yamlSpecial are keys YAML would read as something other than a string.
var yamlSpecial = regexp.MustCompile(`^(?i:y|yes|n|no|true|false|on|off|null)$`)

func key(name string) string {
	if yamlSpecial.MatchString(name) {
		return `"` + name + `"`
	}
	return name
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 240 {
		s = string(r[:237]) + "..."
	}
	return s
}

// usable reports whether the field works as a tool as it stands: a described (or described by
// toolgen init) query that compiles, passes the lints and is of use to an agent.
func (f *field) usable() bool {
	return !f.mutation && (f.described || f.written != "") && f.deprecated == "" && f.problem == "" && f.lint == "" && f.useless == "" && f.plumbing == ""
}

// isActive reports whether the field is printed as a tool rather than commented out: usable,
// and within the budget.
func (f *field) isActive() bool { return f.usable() && f.overBudget == 0 }

// plumbing says why a query field is the API's machinery rather than something an agent asks
// for, or "": Relay's node and nodes (one ID argument, the Node interface: Node declares only
// id, so the default selection is __typename and the id the agent sent), and the query type's
// own Relay fields (PostGraphile's query: Query!, the whole API again, and id: ID!, a constant),
// and Apollo Federation's _entities and _service, which a subgraph serves to the router.
func plumbing(s *ast.Schema, f *ast.FieldDefinition) string {
	t := s.Types[f.Type.Name()]
	switch {
	case t == nil:
		return ""
	case f.Name == "_entities" && len(f.Arguments) == 1 && f.Arguments[0].Name == "representations":
		return "Apollo Federation's entity lookup, which only the router calls, with representations it writes (a tool would skip the gateway's checks); through the router, each entity has its own root fields"
	case f.Name == "_service" && len(f.Arguments) == 0 && t.Kind == ast.Object && t.Fields.ForName("sdl") != nil:
		return "Apollo Federation's subgraph schema (sdl) for the router's composition: the API's schema, not its data"
	case t == s.Query:
		return "the query type itself (a Relay compatibility field): a tool would select the whole API again; allow-list the fields agents need instead"
	case (f.Name == "id" || f.Name == "nodeId") && len(f.Arguments) == 0 && t.Kind == ast.Scalar: // nodeId: PostGraphile's
		return "the query type's own id (a Relay compatibility field): the same value on every call"
	case t.Kind == ast.Interface && t.Name == "Node" && len(f.Arguments) == 1 && f.Arguments[0].Type.Name() == "ID":
		return "Relay's lookup by global id: selects only __typename and id by default (write tool-selections/" + f.Name + ".graphql with the fragments agents need)"
	}
	return ""
}
