package main

import (
	"errors"
	"fmt"
	"github.com/toolgen/toolgen/internal/atomicfile"
	"io"
	"io/fs"
	"os"
)

// writeOutput writes data to path (stdout when path is ""), whole or not at all: a failed run
// must not leave a half-written file, nor truncate the last good one as a shell's > would.
// With keep, an existing file is refused instead of replaced.
func writeOutput(path string, data []byte, keep bool, stdout io.Writer) error {
	if path == "" {
		_, err := stdout.Write(data)
		return err
	}
	if keep {
		if _, err := os.Stat(path); err == nil {
			return fmt.Errorf("%s exists; this prints a starter for a new file: remove it or pass another -o", path)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return atomicfile.Write(path, data)
}
