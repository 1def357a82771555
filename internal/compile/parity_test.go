package compile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/gqlschema"
	"github.com/toolgen/toolgen/internal/selection"
	"github.com/toolgen/toolgen/internal/tokencount/tokentest"
	"github.com/vektah/gqlparser/v2/ast"
)

// seedTool is one tool of the seed generator's golden catalog (testdata/seed-catalog-golden.json,
// copied from the course's Movie Database catalog).
type seedTool struct {
	Name        string         `json:"name"`
	InputSchema map[string]any `json:"inputSchema"`
	Roles       []string       `json:"roles"`
	Tokens      int            `json:"tokens"`
}

func exampleInputs(t testing.TB) Inputs {
	t.Helper()
	read := func(p string) []byte {
		b, err := os.ReadFile(filepath.Join("..", "..", p))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	// Counts come from the shared cache: what is counted is this package's, the counting is
	// tokencount's (its TestCountMatchesSeed counts the movie tool's text with the tokenizer).
	in := Inputs{SchemaPath: "schema.graphql", Schema: read("schema.graphql"),
		AllowlistPath: "allowlist.yaml", Allowlist: read("allowlist.yaml"), Selections: map[string][]byte{},
		Tokens: tokentest.Cache(t)}
	paths, _ := filepath.Glob("../../tool-selections/*.graphql")
	for _, p := range paths {
		in.Selections["tool-selections/"+filepath.Base(p)] = read("tool-selections/" + filepath.Base(p))
	}
	return in
}

// TestSeedParity is the acceptance test of the mapping: the example compiles to the seed's
// seven tools in the same order, with the same roles, input schemas and token counts. Only
// movies differs, by the "default" of page and size (a deliberate improvement).
func TestSeedParity(t *testing.T) {
	raw, err := os.ReadFile("testdata/seed-catalog-golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var seed []seedTool
	if err := json.Unmarshal(raw, &seed); err != nil {
		t.Fatal(err)
	}
	c, ds := Compile(exampleInputs(t))
	if c == nil {
		t.Fatalf("example does not compile:\n%s", ds)
	}
	var got []seedTool
	for _, tool := range c.Tools {
		st := seedTool{Name: tool.Name, Roles: tool.Roles, Tokens: tool.Tokens}
		if err := json.Unmarshal(tool.InputSchema, &st.InputSchema); err != nil {
			t.Fatal(err)
		}
		got = append(got, st)
	}
	// The seed's 271 plus 6 for "default":0 and "default":10 and 4 for size's "maximum":100 (the
	// page-size cap a list tool states, docs/selection.md).
	const moviesTokens = 281
	for i := range got {
		if got[i].Name != "movies" {
			continue
		}
		props := got[i].InputSchema["properties"].(map[string]any)
		want := map[string]any{"page": float64(0), "size": float64(10)}
		for name, def := range want {
			p := props[name].(map[string]any)
			if p["default"] != def {
				t.Errorf("movies.%s default = %v, want %v", name, p["default"], def)
			}
			delete(p, "default")
		}
		if size := props["size"].(map[string]any); size["maximum"] != float64(100) {
			t.Errorf("movies.size maximum = %v, want 100", size["maximum"])
		} else {
			delete(size, "maximum")
		}
		if got[i].Tokens != moviesTokens {
			t.Errorf("movies tokens = %d, want %d", got[i].Tokens, moviesTokens)
		}
		got[i].Tokens = seed[i].Tokens
	}
	if diff := cmp.Diff(seed, got); diff != "" {
		t.Errorf("catalog differs from the seed's golden catalog (-seed +got):\n%s", diff)
	}
	checkSchemas(t, c)
}

// TestSeedOperations pins the leaves of the four tools whose default selection began as the
// seed's: the root entity's own leaves, in order. The documents now also carry the entity's value
// objects and its one hop of related entities (docs/selection.md), which the seed dropped.
func TestSeedOperations(t *testing.T) {
	c, ds := Compile(exampleInputs(t))
	if c == nil {
		t.Fatalf("example does not compile:\n%s", ds)
	}
	want := map[string]string{
		"movie":        "id title releaseYear genre rating runtime plot posterUrl tmdbId reviewCount",
		"person":       "id name birthYear biography photoUrl countryCode",
		"tvShow":       "id title genre rating posterUrl startYear endYear seasons plot",
		"myWatchLists": "id name description isPublic createdAt itemCount",
	}
	schema, _ := gqlschema.Load(&ast.Source{Name: "schema.graphql", Input: string(exampleInputs(t).Schema)})
	got := map[string]string{}
	for _, tool := range c.Tools {
		if _, ok := want[tool.Name]; !ok {
			continue
		}
		doc, vds := selection.Parse(schema, tool.Name+".graphql", tool.Operation)
		if len(vds) > 0 {
			t.Fatalf("%s: %s", tool.Name, vds)
		}
		var leaves []string
		for _, s := range doc.Operations[0].SelectionSet[0].(*ast.Field).SelectionSet {
			if f, ok := s.(*ast.Field); ok && len(f.SelectionSet) == 0 {
				leaves = append(leaves, f.Name)
			}
		}
		got[tool.Name] = strings.Join(leaves, " ")
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("root leaves (-want +got):\n%s", diff)
	}
	if a := c.Tool("addWatchListItem"); a == nil || a.SingleObjectArgument != "input" || a.Approval != "required" {
		t.Errorf("addWatchListItem = %+v, want singleObjectArgument input and approval required", a)
	}
}
