package generate

// schemaskip.go keeps a -schema glob out of the folders that hold GraphQL files that are not
// the schema. At a repository's root, '**/*.graphql' matched toolgen's own output
// (generated/operations/*.graphql) and the overrides (tool-selections/*.graphql), and then
// failed to parse them as schema files; node_modules and vendor hold other projects' schemas.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/toolgen/toolgen/internal/genout"
)

// alwaysSkipped are the folders of other projects' files and of version control.
var alwaysSkipped = map[string]bool{"node_modules": true, "vendor": true, ".git": true}

// skipper decides which folders a glob does not enter: those named (the overrides folder, as
// -selections names it), toolgen's output folders (any folder holding its manifest, whatever
// -out named it) and alwaysSkipped.
type skipper struct {
	named map[string]bool // absolute paths
}

func newSkipper(root string, skip []string) *skipper {
	sk := &skipper{named: map[string]bool{}}
	for _, s := range skip {
		if a, err := filepath.Abs(under(root, s)); err == nil && s != "" {
			sk.named[a] = true
		}
	}
	return sk
}

// skips reports whether the glob's walk stays out of the folder p.
func (sk *skipper) skips(p string) bool {
	if sk == nil {
		return false
	}
	if alwaysSkipped[filepath.Base(p)] {
		return true
	}
	if a, err := filepath.Abs(p); err == nil && sk.named[a] {
		return true
	}
	_, err := os.Stat(filepath.Join(p, genout.ManifestName))
	return err == nil
}

// skippedMatches are the files pattern matches when no folder is skipped: when it matches none
// otherwise, they say why.
func skippedMatches(root, pattern string) []string {
	names, _ := glob(root, pattern, nil)
	return names
}

// nameList names up to three files and counts the rest.
func nameList(names []string) string {
	if len(names) > 3 {
		return strings.Join(names[:3], ", ") + fmt.Sprintf(" and %d more", len(names)-3)
	}
	return strings.Join(names, ", ")
}
