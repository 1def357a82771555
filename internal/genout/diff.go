package genout

import (
	"fmt"
	"strings"
)

// maxCells bounds the LCS table; beyond it Diff shows the first differing region only, which
// is what a reviewer of a stale file needs anyway.
const maxCells = 4_000_000

// Diff returns a short line diff of old and new: "-" lines removed, "+" lines added, with
// line numbers of the new file, at most 40 lines.
func Diff(old, new string) string {
	a, b := strings.Split(old, "\n"), strings.Split(new, "\n")
	// Trim the common prefix and suffix so the table covers only the changed middle.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	a, b = a[pre:len(a)-suf], b[pre:len(b)-suf]
	var lines []string
	if len(a)*len(b) > maxCells {
		lines = append(prefixed("-", a), prefixed("+", b)...)
	} else {
		lines = lcsDiff(a, b)
	}
	if len(lines) > 40 {
		lines = append(lines[:40], fmt.Sprintf("  ... %d more lines differ", len(lines)-40))
	}
	return fmt.Sprintf("  @@ line %d @@\n", pre+1) + strings.Join(indent(lines), "\n") + "\n"
}

func lcsDiff(a, b []string) []string {
	// t[i][j] is the LCS length of a[i:] and b[j:].
	t := make([][]int, len(a)+1)
	for i := range t {
		t[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	var out []string
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			out = append(out, " "+a[i])
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || t[i+1][j] >= t[i][j+1]):
			out = append(out, "-"+a[i]) // removals before additions, as in unified diffs
			i++
		default:
			out = append(out, "+"+b[j])
			j++
		}
	}
	return out
}

func prefixed(p string, lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = p + l
	}
	return out
}

func indent(lines []string) []string {
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return lines
}
