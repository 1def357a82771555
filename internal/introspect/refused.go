package introspect

// refused.go retries the full query without an optional part the server refuses in it although
// its feature probe said the part exists: @apollo/gateway 2.14 answers the probe from graphql-js
// (which knows __Type.isOneOf) but its query planner refuses isOneOf in the full query, with
// HTTP 500 `Cannot query field "isOneOf" on type "__Type".`

import (
	"fmt"
	"regexp"
	"strings"
)

// refusedPart matches graphql-js's validation messages about the introspection types: an
// unknown field of one (group 1 the field, 2 the type) or the unknown includeDeprecated
// argument (group 3 the field, as "__Type.inputFields").
var refusedPart = regexp.MustCompile(`Cannot query field "(\w+)" on type "(__\w+)"|Unknown argument "includeDeprecated" on field "(__\w+\.\w+)"`)

// without turns off in f the optional parts r's messages say the server refuses, and returns
// what the SDL loses with them; none when r names no part f asks for.
func without(f Features, r *refusal) (Features, []string) {
	var lost []string
	off := func(on *bool, what string) {
		if *on {
			*on = false
			lost = append(lost, what)
		}
	}
	for _, m := range r.msgs {
		g := refusedPart.FindStringSubmatch(m)
		if g == nil {
			continue
		}
		switch field := g[1] + "." + g[2] + g[3]; field {
		case "description.__Schema":
			off(&f.SchemaDescription, "the schema's description")
		case "specifiedByURL.__Type", "specifiedByUrl.__Type":
			if f.SpecifiedBy != "" {
				f.SpecifiedBy = ""
				lost = append(lost, "@specifiedBy on scalars")
			}
		case "isOneOf.__Type":
			off(&f.OneOf, "@oneOf on input types")
		case "isRepeatable.__Directive":
			off(&f.Repeatable, "repeatable on directive definitions")
		case ".__Field.args", "isDeprecated.__InputValue", "deprecationReason.__InputValue":
			off(&f.DeprecatedArgs, "deprecated arguments of fields")
			if g[3] == "" { // the input value's fields serve all three
				off(&f.DeprecatedInputFields, "deprecated input fields")
				off(&f.DeprecatedDirArgs, "deprecated arguments of directives")
			}
		case ".__Type.inputFields":
			off(&f.DeprecatedInputFields, "deprecated input fields")
		case ".__Directive.args":
			off(&f.DeprecatedDirArgs, "deprecated arguments of directives")
		}
	}
	return f, lost
}

// refusedNote is the warning for parts the full query was retried without.
func refusedNote(r *refusal, lost []string) string {
	return fmt.Sprintf("the server refused in the full introspection query what its feature probe lists (%s), so toolgen asked again without it; the SDL therefore lacks %s. If the API uses them, add them to the SDL by hand (or use the API's SDL file: for a federation gateway, the supergraph)",
		r.summary(), strings.Join(lost, ", "))
}
