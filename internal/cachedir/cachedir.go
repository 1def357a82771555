// Package cachedir is where toolgen keeps what it can always recompute: token counts and the
// stamps that let an unchanged run skip compiling. The folder is outside the repository and
// safe to delete at any time; every file in it is replaced whole (temporary file and rename),
// so concurrent runs never see half a file, and readers treat anything unreadable as absent.
package cachedir

import (
	"fmt"
	"github.com/toolgen/toolgen/internal/atomicfile"
	"os"
	"path/filepath"
)

// EnvVar names a folder to use instead of the user cache folder (tests, benchmarks, CI).
const EnvVar = "TOOLGEN_CACHE_DIR"

// Dir is $TOOLGEN_CACHE_DIR, else <user cache folder>/toolgen; it is not created.
func Dir() (string, error) {
	if d := os.Getenv(EnvVar); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache folder (%v); set %s", err, EnvVar)
	}
	return filepath.Join(d, "toolgen"), nil
}

// Path is name inside Dir.
func Path(name string) (string, error) {
	d, err := Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, filepath.FromSlash(name)), nil
}

// WriteAtomic replaces path with data through a temporary file in the same folder, creating
// the folder first; a concurrent reader sees the old file or the new one, never a mix.
func WriteAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.Write(path, data)
}
