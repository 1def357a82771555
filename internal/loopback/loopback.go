// Package loopback tells whether a listen address keeps a server on this machine. The demo
// server (public passwords) and the MCP server (acts as the configured user) refuse anything
// else unless told otherwise.
package loopback

import (
	"errors"
	"fmt"
	"net"
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
	if host == "localhost" {
		return true, nil
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback(), nil
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
