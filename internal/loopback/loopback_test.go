package loopback

import (
	"errors"
	"net/url"
	"testing"
)

func TestAddr(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8081": true, "localhost:0": true, "[::1]:80": true, "127.9.9.9:1": true,
		":8081": false, "0.0.0.0:80": false, "10.0.0.1:80": false, "example.com:80": false, "[::]:80": false,
	} {
		if got, err := Addr(addr); err != nil || got != want {
			t.Errorf("Addr(%q) = %v, %v; want %v", addr, got, err, want)
		}
	}
	if _, err := Addr("no-port"); err == nil {
		t.Error("an address without a port was accepted")
	}
}

func TestAllowed(t *testing.T) {
	for _, tc := range []struct {
		addr        string
		allowRemote bool
		want        error // nil, ErrRemote, or errBadAddr for any other error
	}{
		{"127.0.0.1:8081", false, nil},
		{"localhost:8081", false, nil},
		{"[::1]:8081", false, nil},
		{"127.0.0.2:0", false, nil},
		{":8081", false, ErrRemote},
		{"0.0.0.0:8081", false, ErrRemote},
		{"192.168.1.10:8081", false, ErrRemote},
		{"example.com:8081", false, ErrRemote},
		{"0.0.0.0:8081", true, nil},
		{"8081", false, errBadAddr},
		{"8081", true, errBadAddr},
	} {
		err := Allowed(tc.addr, tc.allowRemote)
		switch {
		case tc.want == nil && err != nil, tc.want == ErrRemote && !errors.Is(err, ErrRemote),
			tc.want == errBadAddr && (err == nil || errors.Is(err, ErrRemote)):
			t.Errorf("Allowed(%q, %v) = %v, want %v", tc.addr, tc.allowRemote, err, tc.want)
		}
	}
}

var errBadAddr = errors.New("not a host:port address")

func TestHost(t *testing.T) {
	for host, want := range map[string]bool{
		"127.0.0.1": true, "127.8.9.10": true, "::1": true, "localhost": true, "LOCALHOST": true,
		"example.com": false, "10.0.0.1": false, "0.0.0.0": false, "localhost.example.com": false, "": false,
	} {
		if got := Host(host); got != want {
			t.Errorf("Host(%q) = %v", host, got)
		}
	}
}

func TestInClear(t *testing.T) {
	for raw, want := range map[string]bool{
		"http://example.com/graphql": true, "HTTP://10.0.0.1:8080/": true, "http://0.0.0.0/": true,
		"https://example.com/graphql": false, "http://127.0.0.1:8081/graphql": false, "http://localhost/": false, "http://[::1]:80/": false,
	} {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got := InClear(u); got != want {
			t.Errorf("InClear(%s) = %v, want %v", raw, got, want)
		}
	}
}
