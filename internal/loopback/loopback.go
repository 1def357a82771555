// Package loopback tells whether a listen address keeps a server on this machine. The demo
// server (public passwords) and the MCP server (acts as the configured user) refuse anything
// else unless told otherwise.
package loopback

import (
	"fmt"
	"net"
)

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
