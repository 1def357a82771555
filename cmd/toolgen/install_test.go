package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestInstallFromAnotherModule is a new user's first session: a fresh module outside this
// repository adds toolgen as a tool, generates its catalog from a go:generate line under a
// package name of its own, and builds. A replace directive makes this checkout stand in for the
// published module.
func TestInstallFromAnotherModule(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds toolgen in a temporary module; skipped with -short")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	checkout, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/yourapi\n\ngo 1.26\n\n"+
		"require github.com/toolgen/toolgen v0.0.0-00010101000000-000000000000\n\n"+
		"replace github.com/toolgen/toolgen => "+checkout+"\n")
	copyFile(t, filepath.Join(checkout, "go.sum"), filepath.Join(dir, "go.sum"))
	copyFile(t, filepath.Join(checkout, "schema.graphql"), filepath.Join(dir, "api", "api.graphql"))
	copyFile(t, filepath.Join(checkout, "allowlist.yaml"), filepath.Join(dir, "api", "tools.yaml"))
	for _, name := range []string{"addWatchListItem", "movies", "search"} { // the example's overrides
		copyFile(t, filepath.Join(checkout, "tool-selections", name+".graphql"), filepath.Join(dir, "api", "overrides", name+".graphql"))
	}
	writeFile(t, filepath.Join(dir, "api", "gen.go"), "package api\n\n"+
		"//go:generate go tool toolgen -package tools -schema api.graphql -allowlist tools.yaml -selections overrides -out agenttools\n")
	// A gqlgen layout beside it: the schema in graph/*.graphqls, the glob unquoted, since
	// go generate runs the command without a shell.
	splitSchema(t, readFile(t, filepath.Join(checkout, "schema.graphql")), filepath.Join(dir, "gqlapi", "graph"))
	copyFile(t, filepath.Join(checkout, "allowlist.yaml"), filepath.Join(dir, "gqlapi", "allowlist.yaml"))
	writeFile(t, filepath.Join(dir, "gqlapi", "gen.go"), "package gqlapi\n\n"+
		"//go:generate go tool toolgen -schema graph/*.graphqls -out agenttools\n")

	base := append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod -buildvcs=false")
	goCmd := func(env []string, args ...string) string {
		t.Helper()
		start := time.Now()
		cmd := exec.Command(goBin, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		t.Logf("go %s: %v", strings.Join(args, " "), time.Since(start).Round(time.Millisecond))
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	// The proxy does not know a module that is only a local checkout (this environment's answers
	// 403, which go get treats as fatal), so the one lookup of the replaced module runs offline:
	// everything else it needs is in the module cache from building this repository.
	goCmd(append(base, "GOPROXY=off"), "get", "-tool", "github.com/toolgen/toolgen/cmd/toolgen")
	if mod := readFile(t, filepath.Join(dir, "go.mod")); !strings.Contains(mod, "tool github.com/toolgen/toolgen/cmd/toolgen") {
		t.Fatalf("go get -tool did not add the tool directive:\n%s", mod)
	}
	out := goCmd(base, "generate", "./...")
	if !strings.Contains(out, "agenttools") {
		t.Errorf("toolgen's summary does not name the output folder:\n%s", out)
	}
	goCmd(base, "build", "./...")

	src := readFile(t, filepath.Join(dir, "api", "agenttools", "catalog.go"))
	for _, want := range []string{"package tools\n", "api.graphql", "tools.yaml", "overrides/"} {
		if !strings.Contains(src, want) {
			t.Errorf("generated catalog.go lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(src, "schema.graphql") {
		t.Errorf("generated catalog.go names schema.graphql, which this module does not have:\n%s", src)
	}
	if src := readFile(t, filepath.Join(dir, "gqlapi", "agenttools", "catalog.go")); !strings.Contains(src, "graph/*.graphqls") {
		t.Errorf("the gqlgen layout's catalog.go does not name graph/*.graphqls:\n%s", src)
	}
}

// splitSchema writes schema as one file per top-level definition in folder, as gqlgen's
// graph/*.graphqls, named so that they sort in the schema's order.
func splitSchema(t *testing.T, schema, folder string) {
	t.Helper()
	n := 0
	for schema != "" {
		i := strings.Index(schema, "\n}\n")
		if i < 0 {
			i = len(schema) - 3
		}
		writeFile(t, filepath.Join(folder, fmt.Sprintf("%03d.graphqls", n)), schema[:i+3])
		schema, n = schema[i+3:], n+1
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) { t.Helper(); writeFile(t, to, readFile(t, from)) }

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
