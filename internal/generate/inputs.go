package generate

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/introspect"
	"github.com/toolgen/toolgen/internal/plural"
)

// DefaultSelections is the overrides folder toolgen reads when -selections is not given.
const DefaultSelections = "tool-selections"

// Read loads the inputs from disk: the schema (one file or several: see ReadSchema), the
// allow-list and every *.graphql file in the selections folder. Only DefaultSelections may be
// missing (no overrides yet); any other folder was named on purpose, and reading none of its
// overrides would compile every tool from the default selection without a word. Relative paths are resolved against root and shown as given in diagnostics, so
// pass them relative to the repository root.
func Read(root, schema, allowlistPath, selectionsDir string) (compile.Inputs, diag.List) {
	in, ds := ReadSchema(root, schema, selectionsDir) // a glob does not read the overrides as schema
	in.AllowlistPath, in.Selections = slash(allowlistPath), map[string][]byte{}
	var err error
	if in.Allowlist, err = os.ReadFile(under(root, allowlistPath)); err != nil {
		ds.Add(in.AllowlistPath, 0, 0, "cannot read the allow-list: "+reason(err),
			"write a starter with `toolgen init -schema "+shellWord(in.SchemaPath)+" -o "+in.AllowlistPath+"`, or pass its path with -allowlist")
	}
	rel := slash(selectionsDir)
	in.SelectionsDir = rel
	selectionsDir = under(root, selectionsDir)
	entries, err := os.ReadDir(selectionsDir)
	switch {
	case errors.Is(err, fs.ErrNotExist) && path.Clean(rel) != DefaultSelections:
		ds.Add(rel, 0, 0, "the selections folder does not exist, so none of its overrides would be read",
			"fix the path given to -selections, or create the folder (leave the flag out when there are no overrides)")
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		ds.Add(rel, 0, 0, "cannot read the selections folder: "+reason(err), "pass the folder with -selections")
	}
	for _, e := range entries {
		if e.IsDir() {
			subfolder(rel, selectionsDir, e.Name(), &ds)
			continue
		}
		if ext := path.Ext(e.Name()); ext == ".gql" || ext == ".graphqls" {
			want := strings.TrimSuffix(e.Name(), ext) + ".graphql"
			ds.Add(path.Join(rel, e.Name()), 0, 0, "this override is not read: toolgen reads only "+rel+"/*.graphql, so the tool would keep its default selection",
				"rename it to "+path.Join(rel, want))
			continue
		}
		if !strings.HasSuffix(e.Name(), ".graphql") {
			continue
		}
		p := path.Join(rel, e.Name())
		b, err := os.ReadFile(filepath.Join(selectionsDir, e.Name()))
		if err != nil {
			ds.Add(p, 0, 0, "cannot read the override: "+reason(err), "check the file's permissions")
			continue
		}
		in.Selections[p] = b
	}
	return in, ds
}

// subfolder warns about overrides in a subfolder of the selections folder: toolgen reads none
// of them, and a tool whose override was moved there silently keeps its default selection.
func subfolder(rel, dir, name string, ds *diag.List) {
	found, _ := filepath.Glob(filepath.Join(dir, name, "*.graphql"))
	if len(found) == 0 {
		return
	}
	ds.Warn(path.Join(rel, name), 0, 0, fmt.Sprintf("the folder holds %s that toolgen does not read: overrides are read from %s itself",
		plural.Count(len(found), "override"), rel), "move the ones meant for a tool up into "+rel+"/, or keep old ones outside it")
}

// SDLName is the name of the SDL toolgen compiles from the introspection result at path, which
// positions in the schema carry: the JSON's name with .graphql added, distinct from any
// schema.graphql beside it (toolgen introspect -o replaces a file, and the note that names
// this one tells the user to print it).
func SDLName(path string) string { return path + ".graphql" }

// fromIntrospection accepts a saved introspection result as the schema: its SDL is what is
// compiled (and what diagnostics point into, named SDLName), the same text toolgen introspect
// prints.
func fromIntrospection(file string, data []byte, ds *diag.List) []byte {
	s, err := introspect.Parse(data)
	var sdl []byte
	if err == nil {
		sdl, err = introspect.SDL(s) // adds to the warnings what it leaves out
		for _, w := range s.Warnings {
			ds.Warn(file, 0, 0, w, "check the result against the server's schema")
		}
	}
	if err != nil {
		ds.Add(file, 0, 0, "the introspection JSON cannot be read: "+err.Error(),
			"save the whole answer of the introspection query, or print SDL with toolgen introspect FILE")
		return nil
	}
	return sdl
}

// shellWord quotes a -schema value that holds a glob, as a command to copy needs it.
func shellWord(s string) string {
	if strings.ContainsAny(s, "*?[ ") {
		return "'" + s + "'"
	}
	return s
}

func under(root, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(root, p)
}

func slash(p string) string { return filepath.ToSlash(filepath.Clean(p)) }

func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
