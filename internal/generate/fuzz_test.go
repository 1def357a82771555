package generate

import (
	"bytes"
	"encoding/json"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/compile"
)

// FuzzGenerate runs the whole pipeline on arbitrary inputs: it must never panic, every
// problem must be a positioned diagnostic, and whatever it does produce must be well formed
// (catalog.json loads at run time, every schema is JSON, tools.go is Go).
func FuzzGenerate(f *testing.F) {
	for _, dir := range []string{"testdata/library", "testdata/recursive_input", "testdata/selection_union", "testdata/selection_payload",
		"testdata/selection_value_object", "testdata/selection_one_hop", "testdata/selection_hop_relevance", "testdata/selection_union_members", "testdata/input_scalar_map", "testdata/input_shared_defs"} {
		schema, _ := os.ReadFile(filepath.Join(dir, "schema.graphql"))
		allow, _ := os.ReadFile(filepath.Join(dir, "allowlist.yaml"))
		f.Add(schema, allow, []byte(""))
	}
	f.Add([]byte("schema { query: Q }\ntype Q { \"d\" type(func: [Int!] = [1]): E }\nenum E { go RANGE }"), []byte("tools:\n  type: {}\n"), []byte("query Tool_type { type }"))
	f.Fuzz(func(t *testing.T, schema, allow, override []byte) {
		in := compile.Inputs{SchemaPath: "schema.graphql", Schema: schema, AllowlistPath: "allowlist.yaml", Allowlist: allow,
			Selections: map[string][]byte{"tool-selections/type.graphql": override}}
		files, ds := FilesWith(in, Options{})
		for _, d := range ds {
			if d.File == "" || d.Message == "" {
				t.Fatalf("diagnostic without a file or message: %+v", d)
			}
		}
		if files == nil {
			return
		}
		checkFiles(t, files)
	})
}

func checkFiles(t *testing.T, files map[string][]byte) {
	if _, err := catalog.Parse(files["catalog.json"]); err != nil {
		t.Fatalf("catalog.json does not load: %v", err)
	}
	for name, b := range files {
		switch {
		case strings.HasSuffix(name, ".json") && !json.Valid(b):
			t.Fatalf("%s is not JSON", name)
		case strings.HasSuffix(name, ".go"):
			if _, err := parser.ParseFile(token.NewFileSet(), name, b, 0); err != nil {
				t.Fatalf("%s is not Go: %v", name, err)
			}
			// A committed generated file must pass gofmt -l: descriptions become doc comments,
			// whose lists and indented lines gofmt would otherwise rewrite.
			if f, err := format.Source(b); err != nil || !bytes.Equal(f, b) {
				t.Fatalf("%s is not as gofmt leaves it (err %v)", name, err)
			}
		}
	}
}
