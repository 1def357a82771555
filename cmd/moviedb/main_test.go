package main

import "testing"

func TestCheckAddr(t *testing.T) {
	tests := []struct {
		addr   string
		public bool
		ok     bool
	}{
		{"127.0.0.1:8081", false, true},
		{"localhost:8081", false, true},
		{"[::1]:8081", false, true},
		{"127.0.0.2:0", false, true},
		{":8081", false, false},
		{"0.0.0.0:8081", false, false},
		{"192.168.1.10:8081", false, false},
		{"example.com:8081", false, false},
		{"0.0.0.0:8081", true, true},
		{"8081", false, false},
	}
	for _, tt := range tests {
		err := checkAddr(tt.addr, tt.public)
		if (err == nil) != tt.ok {
			t.Errorf("checkAddr(%q, %v) = %v, want ok=%v", tt.addr, tt.public, err, tt.ok)
		}
	}
}
