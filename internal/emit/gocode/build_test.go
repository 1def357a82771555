package gocode

// build_test.go compiles the generated package for real: each case's tools.go, calls.go,
// catalog.go and catalog.json go into a throwaway module that requires this checkout (calls.go
// uses toolrt; everything comes from the module cache, nothing is downloaded), go vet checks it, and a small program fills every argument struct, marshals it and
// compares the JSON with the tool's input schema from the embedded catalog: exactly the schema's
// property names at every level, values of the schema's types, and a lossless JSON round trip.

import (
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
)

func TestGeneratedCodeBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	for _, dir := range cases[:3] { // the example, awkward names, recursion: each costs a go vet and a go run
		t.Run(path.Base(dir), func(t *testing.T) {
			mod := writeModule(t, dir)
			for _, args := range [][]string{{"vet", "./..."}, {"run", "./roundtrip"}} {
				cmd := exec.Command(gobin, args...)
				cmd.Dir = mod
				cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off", "GOTOOLCHAIN=local")
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
				}
			}
		})
	}
}

// writeModule lays out the generated package and the round-trip program in a temporary module.
func writeModule(t *testing.T, dir string) string {
	t.Helper()
	c := loadCase(t, dir)
	files, err := Render(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	catalogJSON, err := catalog.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	n := newNames(c)
	var args, consts strings.Builder
	for i, tool := range c.Tools {
		fmt.Fprintf(&args, "\t%q: &generated.%s{},\n", tool.Name, n.args[i])
		fmt.Fprintf(&consts, "\tgenerated.%s,\n", n.consts[i])
	}
	mod := t.TempDir()
	checkout, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(checkout, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write := map[string][]byte{
		"go.mod": []byte("module example.com/gocodecheck\n\ngo 1.26\n\nrequire github.com/toolgen/toolgen v0.0.0-00010101000000-000000000000\n\n" +
			"replace github.com/toolgen/toolgen => " + checkout + "\n"),
		"go.sum":                 sum,
		"generated/calls.go":     files["calls.go"],
		"generated/tools.go":     files["tools.go"],
		"generated/catalog.go":   files["catalog.go"],
		"generated/catalog.json": catalogJSON,
		"roundtrip/main.go":      fmt.Appendf(nil, roundTripMain, args.String(), consts.String()),
	}
	for name, data := range write {
		path := filepath.Join(mod, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return mod
}

// roundTripMain is the checking program; %s are the argument structs by tool name and the tool
// constants in catalog order.
const roundTripMain = `package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"

	"example.com/gocodecheck/generated"
)

var args = map[string]any{
%s}

var consts = []string{
%s}

func main() {
	var cat struct {
		Tools []struct {
			Name        string
			InputSchema map[string]any
		}
	}
	if err := json.Unmarshal(generated.CatalogJSON, &cat); err != nil {
		fail("catalog: %%v", err)
	}
	var names []string
	for _, tool := range cat.Tools {
		names = append(names, tool.Name)
		v, ok := args[tool.Name]
		if !ok {
			fail("no argument struct for tool %%s", tool.Name)
		}
		fill(reflect.ValueOf(v).Elem(), map[reflect.Type]bool{})
		data, err := json.Marshal(v)
		if err != nil {
			fail("%%s: %%v", tool.Name, err)
		}
		var got any
		json.Unmarshal(data, &got)
		defs, _ := tool.InputSchema["$defs"].(map[string]any)
		if errs := check(tool.Name, got, tool.InputSchema, defs, nil); len(errs) > 0 {
			fail("%%s\n%%s", strings.Join(errs, "\n"), data)
		}
		back := reflect.New(reflect.TypeOf(v).Elem()).Interface()
		if err := json.Unmarshal(data, back); err != nil {
			fail("%%s: %%v", tool.Name, err)
		}
		if again, _ := json.Marshal(back); !bytes.Equal(again, data) {
			fail("%%s: round trip changed\n%%s\nto\n%%s", tool.Name, data, again)
		}
	}
	if n := reflect.TypeOf(generated.Tools{}).NumMethod(); n != len(names) {
		fail("Tools has %%d methods, want one per tool (%%d)", n, len(names))
	}
	if !slices.Equal(names, consts) {
		fail("tool constants %%q, want %%q", consts, names)
	}
}

// fill sets every field, allocating pointers and one-item slices, except where a struct type
// would repeat on the path: there the value stays nil, as the schema's $ref cuts the cycle.
func fill(v reflect.Value, path map[reflect.Type]bool) {
	switch v.Kind() {
	case reflect.Struct:
		path[v.Type()] = true
		for i := 0; i < v.NumField(); i++ {
			fill(v.Field(i), path)
		}
		delete(path, v.Type())
	case reflect.Pointer, reflect.Slice:
		if path[base(v.Type())] {
			return
		}
		if v.Kind() == reflect.Pointer {
			v.Set(reflect.New(v.Type().Elem()))
			fill(v.Elem(), path)
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0), path)
	case reflect.String:
		v.SetString("x")
	case reflect.Int32:
		v.SetInt(7)
	case reflect.Float64:
		v.SetFloat(1.5)
	case reflect.Bool:
		v.SetBool(true)
	default:
		fail("unexpected Go kind %%s", v.Kind())
	}
}

// base unwraps pointers and slices.
func base(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	return t
}

// check compares a JSON value with its schema: object keys against properties, scalar types.
// A key may be missing only where fill cut a cycle: its schema refers to a $def on the path.
func check(path string, v any, s map[string]any, defs map[string]any, onPath []string) []string {
	if name := refName(s); name != "" {
		s, _ = defs[name].(map[string]any)
		onPath = append(onPath, name)
	}
	var errs []string
	switch v := v.(type) {
	case nil:
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		var want []string
		for k, ps := range props {
			if _, ok := v[k]; ok || !slices.Contains(onPath, refName(ps.(map[string]any))) {
				want = append(want, k)
			}
		}
		slices.Sort(want)
		if got := keys(v); !slices.Equal(got, want) {
			errs = append(errs, fmt.Sprintf("%%s: keys %%q, want %%q", path, got, want))
		}
		for k, sub := range v {
			if ps, ok := props[k].(map[string]any); ok {
				errs = append(errs, check(path+"."+k, sub, ps, defs, onPath)...)
			}
		}
	case []any:
		items, _ := s["items"].(map[string]any)
		for i, sub := range v {
			errs = append(errs, check(fmt.Sprintf("%%s[%%d]", path, i), sub, items, defs, onPath)...)
		}
	default:
		if got, want := jsonType(v), s["type"]; got != want && !(got == "integer" && want == "number") {
			errs = append(errs, fmt.Sprintf("%%s: a %%s, want %%v", path, got, want))
		}
	}
	return errs
}

// refName is the $defs name a schema (or its array items) refers to, or "".
func refName(s map[string]any) string {
	for s["type"] == "array" {
		s, _ = s["items"].(map[string]any)
	}
	ref, _ := s["$ref"].(string)
	return strings.TrimPrefix(ref, "#/$defs/")
}

func jsonType(v any) string {
	switch v := v.(type) {
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64:
		if v == float64(int64(v)) {
			return "integer"
		}
		return "number"
	}
	return "unknown"
}

func keys[M ~map[string]V, V any](m M) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", a...)
	os.Exit(1)
}
`

// TestPinnedCodeBuilds compiles every golden output internal/generate pins (want/), one package
// per case in one module and one go vet: the typed answers of unions, interfaces, aliases and
// fragments the cases hold must all be Go that compiles against this checkout's toolrt.
func TestPinnedCodeBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	checkout, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	wants, err := filepath.Glob(filepath.Join(checkout, "internal", "generate", "testdata", "*", "want"))
	if err != nil || len(wants) == 0 {
		t.Fatalf("no pinned outputs: %v", err)
	}
	mod := t.TempDir()
	sum, err := os.ReadFile(filepath.Join(checkout, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write := map[string][]byte{"go.sum": sum, "go.mod": []byte("module example.com/pinned\n\ngo 1.26\n\nrequire github.com/toolgen/toolgen v0.0.0-00010101000000-000000000000\n\n" +
		"replace github.com/toolgen/toolgen => " + checkout + "\n")}
	for _, want := range wants {
		pkg := filepath.Base(filepath.Dir(want))
		for _, name := range []string{"calls.go", "tools.go", "catalog.go", "catalog.json"} {
			data, err := os.ReadFile(filepath.Join(want, name))
			if err != nil {
				t.Fatal(err)
			}
			write[pkg+"/"+name] = data
		}
	}
	for name, data := range write {
		path := filepath.Join(mod, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(gobin, "vet", "./...")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off", "GOTOOLCHAIN=local")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet of %d pinned packages: %v\n%s", len(wants), err, out)
	}
}
