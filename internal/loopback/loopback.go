// Package loopback tells whether a host or a listen address stays on this machine: the one
// rule behind the demo server and the MCP server refusing other listen addresses (public
// passwords, acting as the configured user), the runtime refusing credentials over plain HTTP
// to another host, and toolgen introspect's plain-HTTP warning.
package loopback

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
)

// ErrRemote is Allowed's answer for an address other machines can reach.
var ErrRemote = errors.New("is not a loopback address")

// Addr reports whether addr (host:port) listens on loopback only. An empty host means every
// interface, which is not loopback.
func Addr(addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("%q is not a host:port address: %w", addr, err)
	}
	return Host(host), nil
}

// Host reports whether host (a name or an IP, no port) stays on this machine: "localhost" in
// any case, or a loopback IP. An empty host is not.
func Host(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Allowed returns nil when addr listens on loopback only, or when allowRemote says any address
// will do; otherwise an error wrapping ErrRemote (the caller names its flag) or saying why addr
// is not an address.
func Allowed(addr string, allowRemote bool) error {
	local, err := Addr(addr)
	switch {
	case err != nil:
		return err
	case local || allowRemote:
		return nil
	}
	return fmt.Errorf("%q %w", addr, ErrRemote)
}

// InClear reports whether a request to u crosses a network in clear: plain http:// to a host
// that is not loopback. Both the runtime (a password, a bearer token) and toolgen introspect
// (headers, a URL's user) refuse to send credentials there.
func InClear(u *url.URL) bool {
	return strings.EqualFold(u.Scheme, "http") && !Host(u.Hostname())
}
