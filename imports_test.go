package toolgen_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestRuntimeImportsNoBuildTools keeps the architecture honest: documents were validated and
// tokens counted at build time, so the runtime, the agent loop and the MCP server never link
// the GraphQL parser, the code generator or the tokenizer.
func TestRuntimeImportsNoBuildTools(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	out, err := exec.Command("go", "list", "-deps", "./catalog", "./toolrt/...", "./agent", "./mcpserve").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, banned := range []string{"github.com/vektah/gqlparser", "github.com/dave/jennifer", "github.com/pkoukk/tiktoken-go"} {
			if strings.HasPrefix(dep, banned) {
				t.Errorf("the runtime depends on %s", dep)
			}
		}
	}
}
