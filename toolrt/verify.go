package toolrt

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/args"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
)

// regenerate ends every verification error: the fix for an inconsistent catalog is never an
// edit, it is running the compiler again.
const regenerate = "regenerate the catalog with go run ./cmd/toolgen instead of editing it"

// maxOperationTokens bounds the parser's work on one tool's document; the largest generated
// operation is a few hundred tokens.
const maxOperationTokens = 100_000

// verifyCatalog checks every tool of cat against its own document, so that a catalog whose
// fields disagree with what it would send is refused before anything runs. It returns each
// tool's kind as the document states it, by tool name.
func verifyCatalog(cat *catalog.Catalog) (map[string]catalog.Kind, error) {
	kinds := make(map[string]catalog.Kind, len(cat.Tools))
	for i := range cat.Tools {
		t := &cat.Tools[i]
		k, err := verifyTool(t)
		if err != nil {
			return nil, fmt.Errorf("catalog: tools[%d] (%q): %w; %s", i, t.Name, err, regenerate)
		}
		kinds[t.Name] = k
	}
	return kinds, nil
}

// verifyTool parses the tool's operation with a GraphQL parser and checks that it holds
// exactly one operation, named OperationName, of the tool's kind, whose variables are the
// input schema's properties with the same required-ness. It returns the document's kind: the
// only kind the gate, the budget and MCP annotations may trust.
func verifyTool(t *catalog.Tool) (catalog.Kind, error) {
	op, err := singleOperation(t.Operation)
	if err != nil {
		return "", err
	}
	kind, err := operationKind(op)
	if err != nil {
		return "", err
	}
	switch {
	case op.Name != t.OperationName:
		return "", fmt.Errorf("operationName is %q but the operation is named %q", t.OperationName, op.Name)
	case kind != t.Kind:
		return "", fmt.Errorf("kind is %q but the operation is a %s", t.Kind, kind)
	}
	if err := matchVariables(op, t); err != nil {
		return "", err
	}
	return kind, nil
}

// singleOperation parses doc and returns its only operation.
func singleOperation(doc string) (*ast.OperationDefinition, error) {
	qd, err := parser.ParseQueryWithTokenLimit(&ast.Source{Name: "operation", Input: doc}, maxOperationTokens)
	if err != nil {
		return nil, fmt.Errorf("operation does not parse: %s", parseError(err))
	}
	if n := len(qd.Operations); n != 1 {
		return nil, fmt.Errorf("operation holds %d operations, want exactly 1", n)
	}
	return qd.Operations[0], nil
}

// parseError renders the parser's error as line:col: message, positions inside the operation.
func parseError(err error) string {
	var ge *gqlerror.Error
	if errors.As(err, &ge) && len(ge.Locations) > 0 {
		return fmt.Sprintf("%s: %s", ge.Locations[0], ge.Message)
	}
	return err.Error()
}

func operationKind(op *ast.OperationDefinition) (catalog.Kind, error) {
	switch op.Operation {
	case ast.Query:
		return catalog.Query, nil
	case ast.Mutation:
		return catalog.Mutation, nil
	}
	return "", fmt.Errorf("operation is a %s; tools are queries or mutations", op.Operation)
}

// inputShape is the part of an input schema the variables must agree with.
type inputShape struct {
	Properties map[string]json.RawMessage `json:"properties"`
	Required   []string                   `json:"required"`
}

// matchVariables compares the operation's variables with the input schema: the same names, and
// required exactly when the variable is non-null without a default.
func matchVariables(op *ast.OperationDefinition, t *catalog.Tool) error {
	var s inputShape
	if err := json.Unmarshal(t.InputSchema, &s); err != nil {
		return fmt.Errorf("inputSchema: %v", err)
	}
	var names, required []string
	for _, v := range op.VariableDefinitions {
		if slices.Contains(names, v.Variable) {
			return fmt.Errorf("operation declares $%s twice", v.Variable)
		}
		names = append(names, v.Variable)
		if v.Type != nil && v.Type.NonNull && v.DefaultValue == nil {
			required = append(required, v.Variable)
		}
	}
	props := make([]string, 0, len(s.Properties))
	for p := range s.Properties {
		props = append(props, p)
	}
	if d := setDiff(names, props); d != "" {
		return fmt.Errorf("the operation's variables and inputSchema.properties differ: %s", d)
	}
	if d := setDiff(required, s.Required); d != "" {
		return fmt.Errorf("the operation's non-null variables without defaults and inputSchema.required differ: %s", d)
	}
	if a := t.SingleObjectArgument; a != "" && (len(names) != 1 || names[0] != a) {
		return fmt.Errorf("singleObjectArgument is %q but the operation's variables are %q", a, names)
	}
	return nil
}

// setDiff describes how two name sets differ, "" when they are equal.
func setDiff(doc, schema []string) string {
	var only []string
	for _, n := range doc {
		if !slices.Contains(schema, n) {
			only = append(only, "$"+n+" only in the operation")
		}
	}
	for _, n := range schema {
		if !slices.Contains(doc, n) {
			only = append(only, n+" only in inputSchema")
		}
	}
	sort.Strings(only)
	return strings.Join(only, ", ")
}

// variableTypes are the declared types of the operation's variables by name, for the argument
// checks: they say where null is accepted and which variables are Int.
func variableTypes(doc string) (map[string]args.Type, error) {
	op, err := singleOperation(doc)
	if err != nil {
		return nil, err
	}
	out := make(map[string]args.Type, len(op.VariableDefinitions))
	for _, v := range op.VariableDefinitions {
		out[v.Variable] = argType(v.Type)
	}
	return out, nil
}

func argType(t *ast.Type) args.Type {
	if t.Elem == nil {
		return args.Type{Named: t.NamedType, NonNull: t.NonNull}
	}
	elem := argType(t.Elem)
	return args.Type{Elem: &elem, NonNull: t.NonNull}
}
