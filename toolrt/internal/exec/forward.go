package exec

import "context"

type forwardedKey struct{}

// WithForwardedToken makes every request Do sends under ctx carry token instead of the
// configured credentials: the token of the caller a server acts for. It is never renewed (no
// re-login) and is redacted from what comes back like any token sent.
func WithForwardedToken(ctx context.Context, token string) context.Context {
	return context.WithValue(ctx, forwardedKey{}, token)
}

// ForwardedToken is the token WithForwardedToken put in ctx.
func ForwardedToken(ctx context.Context) (string, bool) {
	t, ok := ctx.Value(forwardedKey{}).(string)
	return t, ok
}
