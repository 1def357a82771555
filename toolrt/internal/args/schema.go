package args

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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
}

// noLoader refuses every external reference: catalog schemas are self-contained ($defs only),
// and a validator must never read files or the network on behalf of a tool call.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("external schema reference %q refused", url)
}

// Compile compiles one tool's input schema (JSON Schema 2020-12 unless it says otherwise).
func Compile(tool string, schema json.RawMessage) (*Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, fmt.Errorf("tool %s: input schema: %w", tool, err)
	}
	obj, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("tool %s: input schema is not an object", tool)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(noLoader{})
	url := "urn:toolgen:tool:" + tool
	if err := c.AddResource(url, doc); err != nil {
		return nil, fmt.Errorf("tool %s: input schema: %w", tool, err)
	}
	compiled, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("tool %s: input schema: %w", tool, err)
	}
	return &Schema{compiled: compiled, doc: obj}, nil
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
	collect(ve, &problems)
	sort.SliceStable(problems, func(i, j int) bool { return problems[i].Path < problems[j].Path })
	problems = dedupe(problems)
	if len(problems) > 20 {
		problems = append(problems[:20], Problem{Message: fmt.Sprintf("and %d more problems", len(problems)-20)})
	}
	return &Error{Code: CodeInvalid, Problems: problems}
}

// collect gathers the leaves of the error tree: the inner nodes only say "allOf failed".
func collect(ve *jsonschema.ValidationError, out *[]Problem) {
	if len(ve.Causes) == 0 {
		*out = append(*out, Problem{Path: pointer(ve.InstanceLocation), Message: describe(ve.ErrorKind)})
		return
	}
	for _, c := range ve.Causes {
		collect(c, out)
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
	case *kind.AdditionalProperties:
		return "unknown properties " + quoteAll(k.Properties) + "; remove them"
	case *kind.Required:
		return "missing required properties " + quoteAll(k.Missing)
	case *kind.PropertyNames:
		return "a property name is not allowed"
	case *kind.Const:
		return "the value is not the one allowed constant"
	}
	return clip(k.LocalizedString(printer), 160)
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
