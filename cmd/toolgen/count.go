package main

import "github.com/toolgen/toolgen/internal/diag"

func countErrors(ds diag.List) int {
	n := 0
	for _, d := range ds {
		if d.Severity == diag.Error {
			n++
		}
	}
	return n
}
