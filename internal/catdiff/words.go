package catdiff

import (
	"strings"
	"unicode"

	"github.com/toolgen/toolgen/internal/invisible"
)

// Op is one run of a word diff: kept ('='), removed ('-') or added ('+') words.
type Op struct {
	Kind byte
	Text string
}

// WordOps diffs two texts word by word (a longest common subsequence over whitespace-separated
// words), merging neighbouring words of the same kind into one run. Whitespace is normalized:
// re-wrapping a description is not a change of words.
func WordOps(old, new string) []Op {
	a, b := strings.FieldsFunc(old, wordSpace), strings.FieldsFunc(new, wordSpace)
	// Common prefix and suffix first: most edits touch a few words of a long text.
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	var ops []Op
	emit := func(kind byte, w string) {
		if n := len(ops); n > 0 && ops[n-1].Kind == kind {
			ops[n-1].Text += " " + w
			return
		}
		ops = append(ops, Op{kind, w})
	}
	for _, w := range a[:p] {
		emit('=', w)
	}
	lcs(a[p:len(a)-s], b[p:len(b)-s], emit)
	for _, w := range a[len(a)-s:] {
		emit('=', w)
	}
	return ops
}

// maxCells bounds the dynamic programme (4M cells, 32 MB): two rewritten descriptions of
// thousands of words show as one removal and one addition instead.
const maxCells = 4 << 20

// lcs emits the edit script of a to b from the classic dynamic programme.
func lcs(a, b []string, emit func(byte, string)) {
	n, m := len(a), len(b)
	if (n+1)*(m+1) > maxCells {
		for _, w := range a {
			emit('-', w)
		}
		for _, w := range b {
			emit('+', w)
		}
		return
	}
	t := make([][]int, n+1)
	for i := range t {
		t[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < n && j < m {
		switch {
		case a[i] == b[j]:
			emit('=', a[i])
			i, j = i+1, j+1
		case t[i+1][j] >= t[i][j+1]:
			emit('-', a[i])
			i++
		default:
			emit('+', b[j])
			j++
		}
	}
	for ; i < n; i++ {
		emit('-', a[i])
	}
	for ; j < m; j++ {
		emit('+', b[j])
	}
}

// wordDiff renders WordOps in git's --word-diff=plain style: [-removed-] {+added+}.
func wordDiff(old, new string) string {
	var parts []string
	for _, op := range WordOps(old, new) {
		switch op.Kind {
		case '-':
			parts = append(parts, "[-"+op.Text+"-]")
		case '+':
			parts = append(parts, "{+"+op.Text+"+}")
		default:
			parts = append(parts, op.Text)
		}
	}
	return strings.Join(parts, " ")
}

// wordSpace is the white space words are split at: not the separators a reader cannot see
// (U+0085, U+2028, U+2029), which stay in their word so that every rendering shows them.
func wordSpace(r rune) bool { return unicode.IsSpace(r) && !invisible.Is(r) }
