// Package nolink opens a file whose path someone else may have chosen (agent.yaml in a
// checked-out repository names the audit file and the pending store) without following a
// symbolic link at that name: a committed audit.jsonl -> ~/.bashrc must not get records
// appended to a file something else runs.
package nolink

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// ErrLink is the error for a symbolic link at the path.
var ErrLink = errors.New("is a symbolic link, and this file is never opened through one")

// OpenFile is os.OpenFile refusing a symbolic link at path's last element, and a file that is
// not the one checked (a link swapped in between the check and the open). Folders above it
// are followed, as the path names them.
func OpenFile(path string, flag int, perm fs.FileMode) (*os.File, error) {
	checked, lerr := os.Lstat(path)
	if lerr == nil && checked.Mode()&fs.ModeSymlink != 0 {
		return nil, fmt.Errorf("%s %w: name the file it points to instead", path, ErrLink)
	}
	f, err := os.OpenFile(path, flag, perm)
	if err != nil {
		return nil, err
	}
	opened, err := f.Stat()
	if err == nil && lerr != nil { // created now (or appeared): what is at path must be it
		checked, err = os.Lstat(path)
	}
	if err != nil || !os.SameFile(checked, opened) {
		f.Close()
		return nil, fmt.Errorf("%s %w (it changed while it was opened): check it and start again", path, ErrLink)
	}
	return f, nil
}
