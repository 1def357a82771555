package toolgen_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// runtimeGraphQL are the only gqlparser packages the runtime may link: the parser that checks
// each tool's document against the catalog's fields at load (toolrt/verify.go), with the AST
// and lexer it is made of and the error type it returns. The validator, the formatter and the
// schema loader stay build-time only.
var runtimeGraphQL = []string{
	"github.com/vektah/gqlparser/v2/ast",
	"github.com/vektah/gqlparser/v2/gqlerror",
	"github.com/vektah/gqlparser/v2/lexer",
	"github.com/vektah/gqlparser/v2/parser",
}

// TestRuntimeImportsNoBuildTools keeps the architecture honest: documents were validated and
// tokens counted at build time, so the runtime, the agent loop, the MCP server and the agent
// command never link the GraphQL validator, the code generator or the tokenizer.
func TestRuntimeImportsNoBuildTools(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	out, err := exec.Command("go", "list", "-deps", "./catalog", "./toolrt/...", "./agent", "./mcpserve", "./cmd/agent", "./toolsearch").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if slices.Contains(runtimeGraphQL, dep) {
			continue
		}
		for _, banned := range []string{"github.com/vektah/gqlparser", "github.com/dave/jennifer", "github.com/pkoukk/tiktoken-go"} {
			if strings.HasPrefix(dep, banned) {
				t.Errorf("the runtime depends on %s", dep)
			}
		}
	}
}

// TestAgentCarriesNoDemo keeps the demo out of the runtime binary: the Movie Database, its
// password hashing and its token signing are cmd/moviedb's. (go-jose stays: mcpserve/oauth
// verifies OAuth access tokens with it.)
func TestAgentCarriesNoDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	out, err := exec.Command("go", "list", "-deps", "./cmd/agent").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, demo := range []string{"github.com/toolgen/toolgen/internal/moviedb", "golang.org/x/crypto/bcrypt", "github.com/golang-jwt/"} {
			if strings.HasPrefix(dep, demo) {
				t.Errorf("cmd/agent depends on %s, the demo's", dep)
			}
		}
	}
}

// TestToolSearchIsStandardLibrary keeps the run-time search a lookup with no dependencies
// beyond the standard library and this module's own small packages (internal/plural, the one
// plural rule the build shares with it): everything it ranks by was computed at build time
// (catalog.Keywords). go list -deps is transitive, so a module package that pulled in a
// third-party one would show that one here.
func TestToolSearchIsStandardLibrary(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "./toolsearch").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if !strings.HasPrefix(dep, "github.com/toolgen/toolgen/") {
			t.Errorf("toolsearch depends on %s", dep)
		}
	}
}
