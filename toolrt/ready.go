package toolrt

// This file answers a server's readiness probe: is the API there, and is this runtime signed in
// to it? A runtime whose user could not sign in at start (the API was down) signs in here, so a
// replica started before its API becomes ready once the API is, without waiting for a call.

import (
	"context"
	"fmt"

	"github.com/toolgen/toolgen/toolrt/internal/exec"
)

// readyQuery is the probe: every GraphQL server answers it, it reads nothing, and it goes out
// without credentials.
var readyQuery = []byte(`{"query":"query Ready { __typename }"}`)

// Ready reports whether the API answers. With a user configured and no sign-in yet it signs in
// (ErrUnavailable while the API is down; the login's own error when the API refuses the
// credentials); otherwise it POSTs query Ready { __typename } without credentials, and any
// answer but a 5xx means the API is there.
func (r *Runtime) Ready(ctx context.Context) error {
	if _, gen := r.session.Current(); r.session.CanRelogin() && gen == 0 {
		return r.session.Relogin(ctx, 0)
	}
	ctx, cancel := context.WithTimeout(ctx, exec.DefaultTimeout)
	defer cancel()
	status, _, err := exec.Post(ctx, r.client.HTTP, r.client.Endpoint, readyQuery, "", r.client.Headers)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	if status >= 500 {
		return fmt.Errorf("%w: HTTP %d", ErrUnavailable, status)
	}
	return nil
}
