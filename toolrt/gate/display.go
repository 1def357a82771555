package gate

// This file renders what an approver reads so that nothing can hide in it: invisible code
// points are escaped (Escape), long runs of one character are shown as the character and a
// count, and long string values are cut in the middle with their length said. The body hash,
// which the approval is bound to, is always shown beside it.

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Display limits. A run this long of one character is shown as a count: 60,000 spaces would
// otherwise push the rest of the request past the screen. A string value longer than
// MaxShownValue is cut in the middle; the whole display is cut past MaxShown.
const (
	MinRun        = 8
	MaxShownValue = 240
	MaxShown      = 4000
)

// Markers of the display. A literal marker character in the data is escaped, so each one a
// person reads came from the display and not from the request.
const (
	runMark   = '×' // "␠×60000": the character before it, 60,000 times
	spaceMark = '␠' // a space inside a run
	elideMark = '…' // "…[middle not shown: the value has 60000 characters]…"
)

// ShowJSON renders JSON text (the variables of a write) for a person: each string value is
// shown with Show's rules, every key and every other token as it is, escaped; the whole is cut
// in the middle past MaxShown characters.
func ShowJSON(raw []byte) string {
	return elide(jsonTokens(string(raw), Show), MaxShown, fmt.Sprintf("%d characters in all", utf8.RuneCountInString(string(raw))))
}

// ShowJSONWhole renders JSON text as ShowJSON does, escaped and with runs counted, but cuts
// nothing: what `agent review` shows, so that a cut value's middle, sent as much as its ends,
// can be read somewhere before a write is confirmed.
func ShowJSONWhole(raw []byte) string {
	return strings.Join(jsonTokens(string(raw), ShowTextWhole), "")
}

// ShowTextWhole renders text as ShowText does, without the cut.
func ShowTextWhole(s string) string { return strings.Join(runs(s), "") }

// Cut reports whether a display cut the middle of something out: it holds the marker, which
// a request's own text cannot, since its marker characters are escaped.
func Cut(shown ...string) bool {
	return slices.ContainsFunc(shown, func(s string) bool { return strings.ContainsRune(s, elideMark) })
}

// CutNote is said beside a display that Cut: its ends may look harmless while the middle,
// which is sent too, does not.
const CutNote = "parts of this request are cut in the middle (…[middle not shown]…) and are sent as well: decline unless you know what they hold (with -approve defer, `agent review ID` shows the whole request)"

// jsonTokens splits JSON text into display tokens: each string value shown by value, every
// other token as runs shows it.
func jsonTokens(s string, value func(string) string) []string {
	var toks []string
	for i := 0; i < len(s); {
		if s[i] != '"' {
			j := strings.IndexByte(s[i:], '"')
			if j < 0 {
				j = len(s) - i
			}
			toks = append(toks, runs(s[i:i+j])...)
			i += j
			continue
		}
		end := stringEnd(s, i)
		toks = append(toks, value(s[i:end]))
		i = end
	}
	return toks
}

// stringEnd returns the index just past the JSON string literal starting at s[i], or len(s)
// when it is not closed.
func stringEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(s)
}

// ShowText renders a longer text (the operation of a write) as Show does, cut past MaxShown.
func ShowText(s string) string {
	return elide(runs(s), MaxShown, fmt.Sprintf("%d characters in all", utf8.RuneCountInString(s)))
}

// Show renders one value: escaped, runs counted, and cut in the middle when it is still long.
func Show(s string) string {
	return elide(runs(s), MaxShownValue, fmt.Sprintf("the value has %d characters", utf8.RuneCountInString(s)))
}

// runs escapes s into display tokens, one per code point, except that each run of MinRun or
// more of one character is one token: the character (a space as ␠), ×, and the run's length.
// A cut only ever falls between tokens, so no marker or escape is shown in part.
func runs(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		n := 1
		for i+n*size < len(s) && strings.HasPrefix(s[i+n*size:], s[i:i+size]) {
			n++
		}
		if n < MinRun {
			for range n {
				toks = append(toks, showRune(r))
			}
		} else {
			shown := showRune(r)
			if r == ' ' {
				shown = string(spaceMark)
			}
			toks = append(toks, fmt.Sprintf("%s%c%d", shown, runMark, n))
		}
		i += n * size
	}
	return toks
}

// showRune is one code point as Escape shows it, with the display's markers escaped too.
func showRune(r rune) string {
	switch r {
	case runMark, spaceMark, elideMark:
		return fmt.Sprintf(`\u{%04X}`, r)
	}
	return Escape(string(r))
}

// elide joins toks; past limit characters it keeps the tokens of the first and last halves
// and says in the middle that the rest is not shown, and how long the whole is.
func elide(toks []string, limit int, whole string) string {
	total := 0
	for _, t := range toks {
		total += utf8.RuneCountInString(t)
	}
	if total <= limit {
		return strings.Join(toks, "")
	}
	head, tail := half(toks, limit/2), half(reversed(toks), limit/2)
	var b strings.Builder
	for _, t := range toks[:head] {
		b.WriteString(t)
	}
	fmt.Fprintf(&b, "%c[middle not shown: %s]%c", elideMark, whole, elideMark)
	for _, t := range toks[len(toks)-tail:] {
		b.WriteString(t)
	}
	return b.String()
}

// half counts the leading tokens that fit in n characters.
func half(toks []string, n int) int {
	used := 0
	for i, t := range toks {
		if used += utf8.RuneCountInString(t); used > n {
			return i
		}
	}
	return len(toks)
}

func reversed(toks []string) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[len(toks)-1-i] = t
	}
	return out
}
