package main

import (
	"bytes"
	"os"
	"path/filepath"
)

// toolrtDependency is a module the generated package needs through toolrt that a module with
// only toolgen's tool directive does not list; its absence from go.mod is what makes the next
// go build stop at "updates to go.mod needed".
const toolrtDependency = "github.com/santhosh-tekuri/jsonschema/v6"

// needsTidy reports whether the module holding dir has a go.mod that lacks what the generated
// package needs; a folder in no module has nothing to tidy.
func needsTidy(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	for d := abs; ; d = filepath.Dir(d) {
		if mod, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
			return !bytes.Contains(mod, []byte(toolrtDependency))
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}
