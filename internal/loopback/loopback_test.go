package loopback

import "testing"

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
