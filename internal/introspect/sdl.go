package introspect

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/gqlschema"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/formatter"
	"github.com/vektah/gqlparser/v2/parser"
)

// name is the GraphQL Name production. A name read from the server is printed into SDL, so
// anything else (a space, a brace) could change the document and is refused.
var name = regexp.MustCompile(`^[_A-Za-z][_0-9A-Za-z]*$`)

// builtinScalars and builtinDirectives are the spec's; the SDL does not redeclare them. @defer
// and @stream are not among them: a server lists them only when its schema defines them (graphql-js
// servers that turn them on, Shopify with its own description and arguments), and, as graphql-js's
// printSchema does, the SDL keeps that definition (gqlparser lets it replace its own @defer).
var (
	builtinScalars    = []string{"Int", "Float", "String", "Boolean", "ID"}
	builtinDirectives = []string{"skip", "include", "deprecated", "specifiedBy", "oneOf"}
	locations         = []string{"QUERY", "MUTATION", "SUBSCRIPTION", "FIELD", "FRAGMENT_DEFINITION",
		"FRAGMENT_SPREAD", "INLINE_FRAGMENT", "VARIABLE_DEFINITION", "SCHEMA", "SCALAR", "OBJECT",
		"FIELD_DEFINITION", "ARGUMENT_DEFINITION", "INTERFACE", "UNION", "ENUM", "ENUM_VALUE",
		"INPUT_OBJECT", "INPUT_FIELD_DEFINITION"}
)

// defaultReason is @deprecated's default; a deprecation with this reason prints without one.
const defaultReason = "No longer supported"

// SDL prints the schema as SDL: the schema definition when the roots are not named Query,
// Mutation and Subscription, then directive definitions, then every type in the server's order.
// The result is checked with gqlparser before it is returned, so it loads as printed. What it
// leaves out is added to s.Warnings, and for a subgraph's introspection (without ServiceSDL)
// what introspection lost.
func SDL(s *Schema) ([]byte, error) {
	if s.IsSubgraph() && s.ServiceSDL == "" {
		s.Warnings = append(s.Warnings, subgraphLoss)
	}
	doc, err := document(s)
	if err != nil {
		return nil, err
	}
	if ds := gqlschema.TooLarge("the server's schema", doc); len(ds) > 0 {
		// Before gqlparser compares every pair of a list's members: a hostile server's enum of
		// a million values would hold toolgen for hours.
		return nil, fmt.Errorf("%s", strings.TrimSuffix(ds.String(), "\n"))
	}
	out := format(doc)
	if _, gerr := gqlparser.LoadSchema(&ast.Source{Name: "introspection", Input: string(out)}); gerr != nil {
		return nil, invalid(out, gerr)
	}
	return out, nil
}

// format prints each definition on its own, separated by a blank line, for a readable diff.
func format(doc *ast.SchemaDocument) []byte {
	texts := holdDescriptions(doc)
	var parts []*ast.SchemaDocument
	if len(doc.Schema) > 0 {
		parts = append(parts, &ast.SchemaDocument{Schema: doc.Schema})
	}
	for _, d := range doc.Directives {
		parts = append(parts, &ast.SchemaDocument{Directives: ast.DirectiveDefinitionList{d}})
	}
	for _, d := range doc.Definitions {
		parts = append(parts, &ast.SchemaDocument{Definitions: ast.DefinitionList{d}})
	}
	var out bytes.Buffer
	for i, p := range parts {
		if i > 0 {
			out.WriteByte('\n')
		}
		var b bytes.Buffer
		formatter.NewFormatter(&b, formatter.WithIndent("  ")).FormatSchemaDocument(p)
		out.Write(bytes.TrimRight(b.Bytes(), "\n"))
		out.WriteByte('\n')
	}
	return placeDescriptions(out.Bytes(), texts)
}

func document(s *Schema) (*ast.SchemaDocument, error) {
	doc := &ast.SchemaDocument{}
	warn := func(w string) { s.Warnings = append(s.Warnings, w) }
	if def := schemaDef(s); def != nil {
		doc.Schema = append(doc.Schema, def)
	}
	for _, d := range s.Directives {
		if slices.Contains(builtinDirectives, d.Name) {
			continue
		}
		dd, err := directiveDef(d, warn)
		if err != nil {
			return nil, err
		}
		if dd != nil {
			doc.Directives = append(doc.Directives, dd)
		}
	}
	seen := map[string]bool{}
	for _, t := range s.Types {
		if strings.HasPrefix(t.Name, "__") || (t.Kind == "SCALAR" && slices.Contains(builtinScalars, t.Name)) {
			continue
		}
		if seen[t.Name] {
			return nil, fmt.Errorf("type %s: listed twice", t.Name)
		}
		seen[t.Name] = true
		def, err := typeDef(t)
		if err != nil {
			return nil, err
		}
		doc.Definitions = append(doc.Definitions, def)
	}
	return doc, nil
}

// schemaDef is the schema definition, or nil when the SDL needs none: no schema description,
// and each root has its conventional name while no other type has one (SDL without a schema
// definition makes a type named Mutation or Subscription a root, so an ordinary type with that
// name needs the definition to stay ordinary).
func schemaDef(s *Schema) *ast.SchemaDefinition {
	def := &ast.SchemaDefinition{Description: str(s.Description)}
	conventional := def.Description == ""
	for _, r := range []struct {
		op  ast.Operation
		ref *NamedRef
		std string
	}{{ast.Query, s.QueryType, "Query"}, {ast.Mutation, s.MutationType, "Mutation"}, {ast.Subscription, s.SubscriptionType, "Subscription"}} {
		if r.ref == nil || r.ref.Name == "" {
			conventional = conventional && !hasType(s, r.std)
			continue
		}
		conventional = conventional && r.ref.Name == r.std
		def.OperationTypes = append(def.OperationTypes, &ast.OperationTypeDefinition{Operation: r.op, Type: r.ref.Name})
	}
	if conventional {
		return nil
	}
	return def
}

func hasType(s *Schema, name string) bool {
	return slices.ContainsFunc(s.Types, func(t FullType) bool { return t.Name == name })
}

func typeDef(t FullType) (*ast.Definition, error) {
	if !name.MatchString(t.Name) {
		return nil, fmt.Errorf("a type is named %q, which is not a GraphQL name", t.Name)
	}
	def := &ast.Definition{Name: t.Name, Description: str(t.Description)}
	var err error
	switch t.Kind {
	case "SCALAR":
		def.Kind = ast.Scalar
		if t.SpecifiedByURL != nil {
			def.Directives = append(def.Directives, directive("specifiedBy", "url", *t.SpecifiedByURL))
		}
	case "OBJECT", "INTERFACE":
		def.Kind = ast.Object
		if t.Kind == "INTERFACE" {
			def.Kind = ast.Interface
		}
		if def.Interfaces, err = names(t.Name+" implements", t.Interfaces); err == nil {
			def.Fields, err = fields(t)
		}
	case "UNION":
		def.Kind = ast.Union
		def.Types, err = names("union "+t.Name, t.PossibleTypes)
	case "ENUM":
		def.Kind = ast.Enum
		def.EnumValues, err = enumValues(t)
	case "INPUT_OBJECT":
		def.Kind = ast.InputObject
		if t.IsOneOf {
			def.Directives = append(def.Directives, &ast.Directive{Name: "oneOf"})
		}
		def.Fields, err = inputFields(t)
	default:
		return nil, fmt.Errorf("type %s: kind %q is not a named type's kind", t.Name, t.Kind)
	}
	return def, err
}

func fields(t FullType) (ast.FieldList, error) {
	var out ast.FieldList
	for _, f := range t.Fields {
		where := t.Name + "." + f.Name
		if !name.MatchString(f.Name) {
			return nil, fmt.Errorf("type %s: a field is named %q, which is not a GraphQL name", t.Name, f.Name)
		}
		typ, err := typeRef(where, f.Type, 0)
		if err != nil {
			return nil, err
		}
		args, err := argDefs(where, f.Args)
		if err != nil {
			return nil, err
		}
		out = append(out, &ast.FieldDefinition{Name: f.Name, Description: str(f.Description), Arguments: args,
			Type: typ, Directives: deprecated(f.IsDeprecated, f.DeprecationReason)})
	}
	return out, nil
}

func inputFields(t FullType) (ast.FieldList, error) {
	var out ast.FieldList
	for _, v := range t.InputFields {
		a, err := inputValue(t.Name, v)
		if err != nil {
			return nil, err
		}
		out = append(out, &ast.FieldDefinition{Name: a.Name, Description: a.Description, Type: a.Type,
			DefaultValue: a.DefaultValue, Directives: a.Directives})
	}
	return out, nil
}

func argDefs(where string, vs []InputValue) (ast.ArgumentDefinitionList, error) {
	var out ast.ArgumentDefinitionList
	for _, v := range vs {
		a, err := inputValue(where, v)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

func inputValue(where string, v InputValue) (*ast.ArgumentDefinition, error) {
	if !name.MatchString(v.Name) {
		return nil, fmt.Errorf("%s: an argument or input field is named %q, which is not a GraphQL name", where, v.Name)
	}
	where += "." + v.Name
	typ, err := typeRef(where, v.Type, 0)
	if err != nil {
		return nil, err
	}
	a := &ast.ArgumentDefinition{Name: v.Name, Description: str(v.Description), Type: typ,
		Directives: deprecated(v.IsDeprecated, v.DeprecationReason)}
	if v.DefaultValue != nil {
		if a.DefaultValue, err = constValue(*v.DefaultValue); err != nil {
			return nil, fmt.Errorf("%s: default value %q: %v", where, *v.DefaultValue, err)
		}
	}
	return a, nil
}

func enumValues(t FullType) (ast.EnumValueList, error) {
	var out ast.EnumValueList
	for _, v := range t.EnumValues {
		if !name.MatchString(v.Name) || v.Name == "true" || v.Name == "false" || v.Name == "null" {
			return nil, fmt.Errorf("enum %s: a value is named %q, which is not a GraphQL enum value", t.Name, v.Name)
		}
		out = append(out, &ast.EnumValueDefinition{Name: v.Name, Description: str(v.Description),
			Directives: deprecated(v.IsDeprecated, v.DeprecationReason)})
	}
	return out, nil
}

// directiveDef converts a directive definition. A location this version of the spec does not
// have (graphql-js 17's experimental FRAGMENT_VARIABLE_DEFINITION, say) is left out with a
// warning, and so is a directive with no other location: a location only matters in operations.
func directiveDef(d Directive, warn func(string)) (*ast.DirectiveDefinition, error) {
	if !name.MatchString(d.Name) {
		return nil, fmt.Errorf("a directive is named %q, which is not a GraphQL name", d.Name)
	}
	args, err := argDefs("@"+d.Name, d.Args)
	if err != nil {
		return nil, err
	}
	def := &ast.DirectiveDefinition{Name: d.Name, Description: str(d.Description), Arguments: args, IsRepeatable: d.IsRepeatable}
	var unknown []string
	for _, l := range d.Locations {
		switch {
		case slices.Contains(locations, l):
			def.Locations = append(def.Locations, ast.DirectiveLocation(l))
		case name.MatchString(l):
			unknown = append(unknown, l)
		default:
			return nil, fmt.Errorf("@%s: %q is not a directive location", d.Name, l)
		}
	}
	switch {
	case len(def.Locations) == 0 && len(unknown) > 0:
		warn(fmt.Sprintf("directive @%s is left out: toolgen knows none of its locations (%s)", d.Name, strings.Join(unknown, ", ")))
		return nil, nil
	case len(def.Locations) == 0:
		return nil, fmt.Errorf("@%s: no locations; a directive definition needs at least one", d.Name)
	case len(unknown) > 0:
		warn(fmt.Sprintf("directive @%s: location %s left out of its definition, which toolgen does not know", d.Name, strings.Join(unknown, ", ")))
	}
	return def, nil
}

// maxWrappers bounds a type reference's nesting, so a hostile answer cannot recurse deeply.
const maxWrappers = 32

// typeRef converts a type reference; a wrapper whose ofType is missing means the query did not
// go deep enough (or the answer is damaged).
func typeRef(where string, r *TypeRef, depth int) (*ast.Type, error) {
	switch {
	case r == nil:
		return nil, fmt.Errorf("%s: the type reference is missing or cut short (more than %d list/non-null wrappers?)", where, typeRefDepth)
	case depth > maxWrappers:
		return nil, fmt.Errorf("%s: the type reference is nested more than %d deep", where, maxWrappers)
	}
	switch r.Kind {
	case "LIST":
		elem, err := typeRef(where, r.OfType, depth+1)
		if err != nil {
			return nil, err
		}
		return &ast.Type{Elem: elem}, nil
	case "NON_NULL":
		inner, err := typeRef(where, r.OfType, depth+1)
		if err != nil {
			return nil, err
		}
		if inner.NonNull {
			return nil, fmt.Errorf("%s: a non-null type wraps a non-null type", where)
		}
		inner.NonNull = true
		return inner, nil
	}
	if r.Name == nil || !name.MatchString(*r.Name) {
		return nil, fmt.Errorf("%s: a %s type reference has no valid name", where, r.Kind)
	}
	return &ast.Type{NamedType: *r.Name}, nil
}

func names(where string, refs []TypeRef) ([]string, error) {
	var out []string
	for _, r := range refs {
		if r.Name == nil || !name.MatchString(*r.Name) {
			return nil, fmt.Errorf("%s: a member has no valid name", where)
		}
		out = append(out, *r.Name)
	}
	return out, nil
}

// constValue parses a default value, which introspection gives as GraphQL source text, by
// placing it where the grammar allows only a constant value; anything that does not parse as
// exactly that one value is refused.
func constValue(lit string) (*ast.Value, error) {
	doc, err := parser.ParseQuery(&ast.Source{Input: "query($v: T = " + lit + ") { a }"})
	if err != nil {
		return nil, fmt.Errorf("not a GraphQL value: %v", err)
	}
	if len(doc.Operations) != 1 || len(doc.Fragments) != 0 || len(doc.Operations[0].VariableDefinitions) != 1 ||
		len(doc.Operations[0].SelectionSet) != 1 || len(doc.Operations[0].Directives) != 0 {
		return nil, fmt.Errorf("not a single GraphQL value")
	}
	v := doc.Operations[0].VariableDefinitions[0]
	if v.DefaultValue == nil || len(v.Directives) != 0 {
		return nil, fmt.Errorf("not a single GraphQL value")
	}
	return v.DefaultValue, nil
}

func deprecated(is bool, reason *string) ast.DirectiveList {
	if !is {
		return nil
	}
	if reason == nil || *reason == defaultReason {
		return ast.DirectiveList{{Name: "deprecated"}}
	}
	return ast.DirectiveList{directive("deprecated", "reason", *reason)}
}

func directive(dir, arg, value string) *ast.Directive {
	return &ast.Directive{Name: dir, Arguments: ast.ArgumentList{{Name: arg, Value: &ast.Value{Kind: ast.StringValue, Raw: value}}}}
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
