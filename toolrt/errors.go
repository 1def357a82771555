package toolrt

import (
	"github.com/toolgen/toolgen/toolrt/internal/auth"
	"github.com/toolgen/toolgen/toolrt/internal/exec"
)

// The errors a caller tells apart with errors.Is; the steps that return them are internal.
var (
	// ErrAuth: authentication failed again after logging in again; the run must stop.
	ErrAuth = exec.ErrAuth
	// ErrUnavailable: a login got no answer from the API (unreachable, timed out, HTTP 502, 503,
	// 504); the credentials may be fine. Runtime.Login returns it at start; a call signs in
	// again on first use.
	ErrUnavailable = exec.ErrUnavailable
	// ErrNoLoginDocument: a user is configured but Config.LoginDocument is empty.
	ErrNoLoginDocument = auth.ErrNoLoginDocument
)
