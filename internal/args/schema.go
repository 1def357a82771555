package args

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// printer renders the library's messages; they are English whatever the process locale.
var printer = message.NewPrinter(language.English)

// Schema is one tool's compiled input schema. Compile it once per tool, then validate every
// call against it; compiling is the slow part.
type Schema struct {
	compiled *jsonschema.Schema
	doc      map[string]any // the raw schema, for the repair's field lookup
	check    map[string]any // the validator's copy, whose locations its errors name
	vars     map[string]Type
}

// noLoader refuses every external reference: catalog schemas are self-contained ($defs only),
// and a validator must never read files or the network on behalf of a tool call.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("external schema reference %q refused", url)
}

// Compile compiles one tool's input schema (JSON Schema 2020-12 unless it says otherwise) with
// its operation's variables by name, which say where null is accepted, which are Int
// (graphql.go) and which are ID (ids.go); nil vars leave the schema as it is.
func Compile(tool string, schema json.RawMessage, vars map[string]Type) (*Schema, error) {
	obj, err := decodeSchema(tool, schema)
	if err != nil {
		return nil, err
	}
	checked, _ := decodeSchema(tool, schema) // a second copy: the validator's, edited in place
	if vars != nil {
		gqlNode(checked, vars)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(noLoader{})
	url := "urn:toolgen:tool:" + tool
	if err := c.AddResource(url, checked); err != nil {
		return nil, fmt.Errorf("tool %s: input schema: %w", tool, err)
	}
	compiled, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("tool %s: input schema: %w", tool, err)
	}
	return &Schema{compiled: compiled, doc: obj, check: checked, vars: vars}, nil
}

func decodeSchema(tool string, schema json.RawMessage) (map[string]any, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, fmt.Errorf("tool %s: input schema: %w", tool, err)
	}
	obj, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("tool %s: input schema is not an object", tool)
	}
	return obj, nil
}

// Validate checks decoded arguments against the schema. The error lists every failing leaf
// with its JSON-pointer path, sorted, at most 20 of them.
func (s *Schema) Validate(v map[string]any) error {
	err := s.compiled.Validate(v)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return newError(CodeInvalid, "", "the arguments could not be validated")
	}
	var problems []Problem
	s.collect(ve, v, &problems)
	if len(problems) == 0 { // only the null branch of an anyOf failed, which cannot happen alone
		problems = []Problem{{Path: pointer(ve.InstanceLocation), Message: "the arguments are not valid"}}
	}
	sort.SliceStable(problems, func(i, j int) bool { return problems[i].Path < problems[j].Path })
	problems = dedupe(problems)
	if len(problems) > 20 {
		problems = append(problems[:20], Problem{Message: fmt.Sprintf("and %d more problems", len(problems)-20)})
	}
	return &Error{Code: CodeInvalid, Problems: problems}
}

// collect gathers the leaves of the error tree: the inner nodes only say "allOf failed". A
// value that is not null fails the null branch of every nullable position (orNull); that
// failure says nothing and is left out.
func (s *Schema) collect(ve *jsonschema.ValidationError, v map[string]any, out *[]Problem) {
	if len(ve.Causes) == 0 {
		msg := ""
		switch k := ve.ErrorKind.(type) {
		case *kind.Type:
			if len(k.Want) == 1 && k.Want[0] == "null" {
				return
			}
		case *kind.AdditionalProperties:
			msg = s.unknown(ve, k.Properties, instanceAt(v, ve.InstanceLocation))
		}
		if msg == "" {
			msg = describe(ve.ErrorKind)
		}
		*out = append(*out, Problem{Path: pointer(ve.InstanceLocation), Message: msg})
		return
	}
	for _, c := range ve.Causes {
		s.collect(c, v, out)
	}
}

func dedupe(ps []Problem) []Problem {
	var out []Problem
	for i, p := range ps {
		if i > 0 && p == ps[i-1] {
			continue
		}
		out = append(out, p)
	}
	return out
}

func pointer(tokens []string) string {
	var sb strings.Builder
	for _, t := range tokens {
		sb.WriteString("/" + Escape(t))
	}
	return sb.String()
}

// describe words a failure without echoing the model's value: the library's own text quotes
// the value for pattern and format failures, and property names of any length.
func describe(k jsonschema.ErrorKind) string {
	switch k := k.(type) {
	case *kind.Pattern:
		return "the value does not match the pattern " + clip(k.Want, 80)
	case *kind.Format:
		return "the value is not a valid " + k.Want
	case *kind.Required:
		return "missing required properties " + quoteAll(k.Missing)
	case *kind.PropertyNames:
		return "a property name is not allowed"
	case *kind.Const:
		return "the value is not the one allowed constant"
	case *kind.Type:
		if k.Got == "null" {
			return "null is not accepted here (the GraphQL type is non-null, or a default applies): send " + anyOf(k.Want) + ", or leave an optional property out"
		}
		if (k.Got == "number" || k.Got == "integer") && len(k.Want) == 1 && k.Want[0] == "string" {
			return "got " + k.Got + ", want string: write it in quotes" // an ID input field, most often
		}
	case *kind.Not: // only notNull writes "not"; scalar mappings cannot
		return "null is not accepted here: the GraphQL type is non-null"
	case *kind.Maximum:
		if k.Want.Cmp(big.NewRat(maxInt, 1)) == 0 {
			return "GraphQL Int is a 32-bit integer: at most 2147483647"
		}
	case *kind.Minimum:
		if k.Want.Cmp(big.NewRat(minInt, 1)) == 0 {
			return "GraphQL Int is a 32-bit integer: at least -2147483648"
		}
	}
	return clip(k.LocalizedString(printer), 160)
}

// anyOf words JSON types for a sentence: "a string", "an integer or null".
func anyOf(types []string) string {
	parts := make([]string, len(types))
	for i, t := range types {
		switch t {
		case "null":
			parts[i] = t
		case "integer", "object", "array":
			parts[i] = "an " + t
		default:
			parts[i] = "a " + t
		}
	}
	return strings.Join(parts, " or ")
}

func quoteAll(names []string) string {
	const most = 10
	var parts []string
	for i, n := range names {
		if i == most {
			parts = append(parts, fmt.Sprintf("and %d more", len(names)-most))
			break
		}
		parts = append(parts, fmt.Sprintf("%q", clip(n, 64)))
	}
	return strings.Join(parts, ", ")
}
