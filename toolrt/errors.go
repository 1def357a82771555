package toolrt

import (
	"github.com/toolgen/toolgen/toolrt/internal/auth"
	"github.com/toolgen/toolgen/toolrt/internal/exec"
)

// The errors a caller tells apart with errors.Is; the steps that return them are internal.
var (
	// ErrAuth: authentication failed again after logging in again; the run must stop.
	ErrAuth = exec.ErrAuth
	// ErrNoLoginDocument: a user is configured but Config.LoginDocument is empty.
	ErrNoLoginDocument = auth.ErrNoLoginDocument
)
