package generate

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/diag"
)

// Read loads the inputs from disk: the schema, the allow-list and every *.graphql file in the
// selections folder (a missing folder means no overrides). Paths are used as given in
// diagnostics, so pass them relative to the repository root.
func Read(schemaPath, allowlistPath, selectionsDir string) (compile.Inputs, diag.List) {
	var ds diag.List
	in := compile.Inputs{SchemaPath: slash(schemaPath), AllowlistPath: slash(allowlistPath), Selections: map[string][]byte{}}
	var err error
	if in.Schema, err = os.ReadFile(schemaPath); err != nil {
		ds.Add(in.SchemaPath, 0, 0, "cannot read the schema: "+reason(err), "pass the schema's path with -schema")
	}
	if in.Allowlist, err = os.ReadFile(allowlistPath); err != nil {
		ds.Add(in.AllowlistPath, 0, 0, "cannot read the allow-list: "+reason(err), "create allowlist.yaml (see the README) or pass its path with -allowlist")
	}
	entries, err := os.ReadDir(selectionsDir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		ds.Add(slash(selectionsDir), 0, 0, "cannot read the selections folder: "+reason(err), "pass the folder with -selections")
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".graphql") {
			continue
		}
		p := path.Join(slash(selectionsDir), e.Name())
		b, err := os.ReadFile(filepath.Join(selectionsDir, e.Name()))
		if err != nil {
			ds.Add(p, 0, 0, "cannot read the override: "+reason(err), "check the file's permissions")
			continue
		}
		in.Selections[p] = b
	}
	return in, ds
}

func slash(p string) string { return filepath.ToSlash(filepath.Clean(p)) }

func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
