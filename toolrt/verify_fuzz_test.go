package toolrt

import (
	"encoding/json"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// FuzzVerifyTool: no operation, name, kind or schema panics the verifier, and whatever it
// accepts parses to exactly one operation of the tool's kind, under the tool's name.
func FuzzVerifyTool(f *testing.F) {
	cat, err := catalog.Parse(generatedCatalogJSON)
	if err != nil {
		f.Fatal(err)
	}
	for _, t := range cat.Tools {
		f.Add(t.Operation, t.OperationName, string(t.Kind), []byte(t.InputSchema), t.SingleObjectArgument)
	}
	f.Add("query A { a } mutation B { b }", "B", "query", []byte(`{}`), "")
	f.Add(`query Q($a: [Int!]! = [1], $b: String = "\u0041") @d { ...F } fragment F on Q { x }`, "Q", "query", []byte(`{"properties":{"a":{},"b":{}}}`), "")
	f.Add("subscription S { s }", "S", "query", []byte(`null`), "")
	f.Fuzz(func(t *testing.T, op, name, kind string, schema []byte, single string) {
		tool := catalog.Tool{Name: "t", Operation: op, OperationName: name, Kind: catalog.Kind(kind),
			InputSchema: json.RawMessage(schema), SingleObjectArgument: single}
		got, err := verifyTool(&tool)
		if err != nil {
			return
		}
		doc, perr := parser.ParseQuery(&ast.Source{Input: op})
		if perr != nil || len(doc.Operations) != 1 {
			t.Fatalf("accepted %q, which does not hold one operation", op)
		}
		o := doc.Operations[0]
		if got != tool.Kind || string(o.Operation) != kind || o.Name != name {
			t.Fatalf("accepted %q as %s %q; document says %s %q", op, got, name, o.Operation, o.Name)
		}
	})
}
