package introspect

import (
	"encoding/json"
	"fmt"
	"strings"
)

// ProbeQuery asks the server which parts of the introspection schema it implements, so that the
// full query asks for no field the server would reject: servers differ (isOneOf and deprecated
// arguments are recent additions to the spec).
const ProbeQuery = `query ToolgenProbe {
  schema: __type(name: "__Schema") { fields { name } }
  type: __type(name: "__Type") { fields { name args { name } } }
  field: __type(name: "__Field") { fields { name args { name } } }
  inputValue: __type(name: "__InputValue") { fields { name } }
  directive: __type(name: "__Directive") { fields { name args { name } } }
}`

// Features are the optional parts of introspection a server supports.
type Features struct {
	SchemaDescription     bool   // __Schema.description
	SpecifiedBy           string // the __Type field with a scalar's @specifiedBy URL: specifiedByURL, or specifiedByUrl (graphql-js 15); "" for none
	OneOf                 bool   // __Type.isOneOf
	DeprecatedArgs        bool   // __Field.args(includeDeprecated:) and __InputValue.isDeprecated
	DeprecatedInputFields bool   // __Type.inputFields(includeDeprecated:)
	DeprecatedDirArgs     bool   // __Directive.args(includeDeprecated:)
	Repeatable            bool   // __Directive.isRepeatable
}

// AllFeatures returns every optional part, for a server known to be current.
func AllFeatures() Features { return Features{true, "specifiedByURL", true, true, true, true, true} }

type probeType struct {
	Fields []struct {
		Name string `json:"name"`
		Args []struct {
			Name string `json:"name"`
		} `json:"args"`
	} `json:"fields"`
}

// has reports whether the type has the field and, if arg is not "", that argument on it.
func (t *probeType) has(field, arg string) bool {
	if t == nil {
		return false
	}
	for _, f := range t.Fields {
		if f.Name != field {
			continue
		}
		if arg == "" {
			return true
		}
		for _, a := range f.Args {
			if a.Name == arg {
				return true
			}
		}
	}
	return false
}

// ParseProbe reads the data of ProbeQuery's answer.
func ParseProbe(data []byte) (Features, error) {
	var p struct {
		Schema, Type, Field, InputValue, Directive *probeType
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return Features{}, fmt.Errorf("the probe's answer is not the expected JSON: %v", err)
	}
	if p.Type == nil || !p.Type.has("kind", "") {
		return Features{}, fmt.Errorf("the answer to the feature probe does not describe __Type")
	}
	return Features{
		SchemaDescription:     p.Schema.has("description", ""),
		SpecifiedBy:           specifiedBy(p.Type),
		OneOf:                 p.Type.has("isOneOf", ""),
		DeprecatedArgs:        p.Field.has("args", "includeDeprecated") && p.InputValue.has("isDeprecated", ""),
		DeprecatedInputFields: p.Type.has("inputFields", "includeDeprecated") && p.InputValue.has("isDeprecated", ""),
		DeprecatedDirArgs:     p.Directive.has("args", "includeDeprecated") && p.InputValue.has("isDeprecated", ""),
		Repeatable:            p.Directive.has("isRepeatable", ""),
	}, nil
}

// specifiedBy is the name of the field giving @specifiedBy's URL: graphql-js 15 spells it
// specifiedByUrl, later versions and the spec specifiedByURL.
func specifiedBy(t *probeType) string {
	for _, n := range []string{"specifiedByURL", "specifiedByUrl"} {
		if t.has(n, "") {
			return n
		}
	}
	return ""
}

// typeRefDepth is how many wrappers (list, non-null) a type reference may have: [[T!]!]! needs
// 5. Eight makes the query 14 levels deep, within the depth limits servers commonly set (15);
// shallowRefDepth, for a server that refuses that, makes it 10 deep and holds [[T]!]!.
const (
	typeRefDepth    = 8
	shallowRefDepth = 4
)

// Query is the standard introspection query with the optional parts f supports.
func Query(f Features) string { return query(f, typeRefDepth) }

// query is Query reading type references refDepth wrappers deep.
func query(f Features, refDepth int) string {
	opt := func(on bool, s string) string {
		if on {
			return s
		}
		return ""
	}
	dep := func(on bool) string { return opt(on, "(includeDeprecated: true)") }
	var b strings.Builder
	b.WriteString("query ToolgenIntrospection {\n  __schema {\n")
	b.WriteString(opt(f.SchemaDescription, "    description\n"))
	b.WriteString("    queryType { name }\n    mutationType { name }\n    subscriptionType { name }\n")
	b.WriteString("    types { ...FullType }\n")
	fmt.Fprintf(&b, "    directives { name description %s locations args%s { ...InputValue } }\n",
		opt(f.Repeatable, "isRepeatable"), dep(f.DeprecatedDirArgs))
	b.WriteString("  }\n}\n\n")
	b.WriteString("fragment FullType on __Type {\n  kind name description\n")
	if f.SpecifiedBy != "" {
		fmt.Fprintf(&b, "  specifiedByURL: %s\n", f.SpecifiedBy) // the alias keeps the answer's shape
	}
	b.WriteString(opt(f.OneOf, "  isOneOf\n"))
	fmt.Fprintf(&b, "  fields(includeDeprecated: true) { name description args%s { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason }\n", dep(f.DeprecatedArgs))
	fmt.Fprintf(&b, "  inputFields%s { ...InputValue }\n", dep(f.DeprecatedInputFields))
	b.WriteString("  interfaces { ...TypeRef }\n")
	b.WriteString("  enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }\n")
	b.WriteString("  possibleTypes { ...TypeRef }\n}\n\n")
	b.WriteString("fragment InputValue on __InputValue {\n  name description type { ...TypeRef } defaultValue\n")
	b.WriteString(opt(f.DeprecatedArgs || f.DeprecatedInputFields || f.DeprecatedDirArgs, "  isDeprecated deprecationReason\n"))
	b.WriteString("}\n\nfragment TypeRef on __Type {\n  kind name")
	for range refDepth {
		b.WriteString(" ofType { kind name")
	}
	b.WriteString(strings.Repeat(" }", refDepth))
	b.WriteString("\n}\n")
	return b.String()
}

// A part is one optional part of introspection asked on its own, for a server that refuses the
// probe: the selection under __schema that uses it, how to record it, and what the SDL lacks
// without it.
type part struct {
	query string
	set   func(*Features)
	lost  string
	alt   *part // asked when the server refuses query: the same part under another name
}

// baseQuery is what every server with introspection answers.
const baseQuery = "queryType { name }"

var parts = []part{
	{"description", func(f *Features) { f.SchemaDescription = true }, "the schema's description", nil},
	{"queryType { specifiedByURL }", func(f *Features) { f.SpecifiedBy = "specifiedByURL" }, "@specifiedBy on scalars",
		&part{"queryType { specifiedByUrl }", func(f *Features) { f.SpecifiedBy = "specifiedByUrl" }, "", nil}},
	{"queryType { isOneOf }", func(f *Features) { f.OneOf = true }, "@oneOf on input types", nil},
	{"queryType { fields { args(includeDeprecated: true) { isDeprecated } } }", func(f *Features) { f.DeprecatedArgs = true }, "deprecated arguments of fields", nil},
	{"queryType { inputFields(includeDeprecated: true) { isDeprecated } }", func(f *Features) { f.DeprecatedInputFields = true }, "deprecated input fields", nil},
	{"directives { args(includeDeprecated: true) { isDeprecated } }", func(f *Features) { f.DeprecatedDirArgs = true }, "deprecated arguments of directives", nil},
	{"directives { isRepeatable }", func(f *Features) { f.Repeatable = true }, "repeatable on directive definitions", nil},
}

// allParts asks for every part at once: a current server answers it, and one query is enough.
func allParts() string {
	qs := []string{baseQuery}
	for _, p := range parts {
		qs = append(qs, p.query)
	}
	return strings.Join(qs, " ")
}

func partQuery(sel string) string { return "query ToolgenFeatures { __schema { " + sel + " } }" }
