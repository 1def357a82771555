package toolrttest

// This file builds honest variants of a catalog (a role renamed, the roles dropped): what a
// redeploy or another project's catalog looks like, resealed so that they load.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
)

// Reseal applies edit to the catalog in data and seals the result, as toolgen would write it.
func Reseal(t testing.TB, data []byte, edit func(c *catalog.Catalog)) []byte {
	t.Helper()
	c, err := catalog.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	edit(c)
	out, err := catalog.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// WriteCatalog writes data to a new catalog.json in a temporary folder and returns its path.
func WriteCatalog(t testing.TB, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "catalog.json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// RenameRole renames role from to to, in the declarations and in every tool.
func RenameRole(from, to string) func(c *catalog.Catalog) {
	return func(c *catalog.Catalog) {
		if r, ok := c.Roles[from]; ok {
			delete(c.Roles, from)
			c.Roles[to] = r
		}
		for i := range c.Tools {
			for j, r := range c.Tools[i].Roles {
				if r == from {
					c.Tools[i].Roles[j] = to
				}
			}
		}
	}
}

// DropRoles removes every role: each tool is then every role's.
func DropRoles(c *catalog.Catalog) {
	c.Roles = map[string]catalog.Role{}
	for i := range c.Tools {
		c.Tools[i].Roles = []string{}
	}
}

// CopyTool adds n copies of the named tool, renamed name1 … nameN (operations renamed too): a
// catalog as large as a whole commerce API's.
func CopyTool(name string, n int) func(c *catalog.Catalog) {
	return func(c *catalog.Catalog) {
		orig := *c.Tool(name)
		for i := 1; i <= n; i++ {
			t := orig
			t.Name = fmt.Sprintf("%s%d", name, i)
			t.OperationName = "Tool_" + t.Name
			t.Operation = strings.Replace(orig.Operation, orig.OperationName, t.OperationName, 1)
			c.Tools = append(c.Tools, t)
		}
	}
}
