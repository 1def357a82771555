package catdiff

import (
	"fmt"
	"os"

	"github.com/toolgen/toolgen/catalog"
)

// Load reads a catalog.json for diffing. A file catalog.Parse rejects is an error naming the
// path; a digest that does not match is not (the diff compares what the files say), but the
// returned flag lets the report say so.
func Load(path string) (c *catalog.Catalog, digestValid bool, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	c, err = catalog.Parse(data)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	return c, catalog.CheckDigest(c, data) == nil, nil
}
