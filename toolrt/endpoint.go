package toolrt

import (
	"fmt"
	"net"
	"net/url"
	"strings"
)

// CheckEndpoint refuses to send credentials in clear: with a user or a token, an http://
// endpoint must be a loopback host unless insecure is set. Without credentials there is nothing
// to leak, and https or loopback never crosses a network in clear.
func CheckEndpoint(endpoint string, credentials, insecure bool) error {
	u, err := url.Parse(endpoint)
	if err != nil {
		return fmt.Errorf("-endpoint %q: %v", endpoint, err)
	}
	if !strings.EqualFold(u.Scheme, "http") || !credentials || insecure || IsLoopback(u.Hostname()) {
		return nil
	}
	return fmt.Errorf("-endpoint %s is plain HTTP to a host that is not loopback: the password and the bearer token would cross the network in clear; use https://, or pass -insecure-http if this network is trusted", endpoint)
}

// IsLoopback reports whether host (a name or an IP, no port) stays on this machine.
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
