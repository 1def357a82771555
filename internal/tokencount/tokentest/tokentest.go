// Package tokentest gives tests that compile catalogs the token counts toolgen itself keeps:
// the count cache in toolgen's cache folder (tokencount.OpenCache), shared by every test
// binary. Loading the tokenizer takes about 0.2 s of CPU in each binary that counts a missing
// text; with the counts cached, a warm `go test ./...` loads it only where counting is tested
// (tokencount, opbuild, internal/generate, which count with the tokenizer on purpose) and where
// toolgen's own code counts with a memory cache (cmd/toolgen's init, starter).
// Only tests import it.
package tokentest

import (
	"sync"
	"testing"

	"github.com/toolgen/toolgen/internal/tokencount"
)

// shared is opened once per test binary: every test of the binary reads and adds to one cache.
var shared = sync.OnceValue(tokencount.OpenCache)

// Cache returns the shared count cache; the counts t adds are saved when t ends, for the next
// test binary. A count missing from the file is made by the tokenizer, as toolgen does.
func Cache(t testing.TB) *tokencount.Cache {
	t.Helper()
	c := shared()
	t.Cleanup(func() {
		if err := c.Save(); err != nil {
			t.Logf("token counts not saved (the next run counts them again): %v", err)
		}
	})
	return c
}
