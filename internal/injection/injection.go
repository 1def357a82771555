// Package injection recognizes description text written to steer a model rather than describe a
// tool: code points a reader cannot see, markup that imitates a chat template or system prompt,
// and phrases that command the model. The lints report it in a catalog being generated; toolgen
// diff flags it where a change adds it. One matcher, so the two never disagree.
package injection

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Markup that imitates a chat template's roles or a system prompt: no API documentation needs it.
var pseudoSystem = regexp.MustCompile(`(?i)<\s*/?\s*(system|assistant|instructions?|im_start|im_end)\s*>|\[/?INST\]|<<\s*/?SYS\s*>>|<\|[a-z_]+\|>|\bBEGIN SYSTEM\b`)

// Phrases that address the model rather than describe the tool.
var imperative = regexp.MustCompile(`(?i)\bignore\s+(all\s+|any\s+|the\s+)?(previous|prior|above|earlier)\b|\balways\s+(call|use|invoke|run|choose|prefer)\s+this\b|\byou\s+must\b|\bdisregard\b|\bdo\s+not\s+(tell|inform|mention\s+this\s+to)\s+the\s+user\b|\bbefore\s+(calling|using)\s+any\s+other\s+tool\b`)

// Narrower words, one of which each pattern needs to match at all. Under (?i) a letter matches
// the runes of its case-folding orbit, and unicode.ToLower takes each of those to the letter
// itself for these words (not for s and k: ſ and the Kelvin sign), so the lowered text holds
// the word whenever a pattern could match.
var (
	imperativeWords = [][]byte{[]byte("ignore"), []byte("alway"), []byte("you"), []byte("regard"), []byte("before")}
	systemWord      = []byte("begin")
)

// Matcher finds injected text; it keeps scratch space between calls, so it is not safe for
// concurrent use. The zero value is ready.
type Matcher struct {
	lower []byte // scratch space of lowered
}

// Match returns the first text of s that imitates system markup and the first that commands the
// model, each "" for none. Each expression runs only on text that holds what it needs to match
// ("<", "[" or "begin" for markup; mayImperative's words for commands): the expressions cost far
// more than these tests, and most text passes neither.
func (m *Matcher) Match(s string) (system, command string) {
	lower := m.lowered(s)
	if strings.ContainsAny(s, "<[") || bytes.Contains(lower, systemWord) {
		system = pseudoSystem.FindString(s)
	}
	if mayImperative(lower) {
		command = imperative.FindString(s)
	}
	return system, command
}

// MatchAll returns every text of s that imitates system markup and every one that commands the
// model, behind the same prefilters as Match.
func (m *Matcher) MatchAll(s string) (system, command []string) {
	lower := m.lowered(s)
	if strings.ContainsAny(s, "<[") || bytes.Contains(lower, systemWord) {
		system = pseudoSystem.FindAllString(s, -1)
	}
	if mayImperative(lower) {
		command = imperative.FindAllString(s, -1)
	}
	return system, command
}

// lowered is strings.ToLower(s) as bytes; ASCII text, nearly all of it, is lowered into the
// matcher's scratch space rather than a new string.
func (m *Matcher) lowered(s string) []byte {
	if !isASCII(s) {
		return []byte(strings.ToLower(s)) // unicode.ToLower takes U+0130 to i, U+212A to k
	}
	b := append(m.lower[:0], s...)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	m.lower = b
	return b
}

// mayImperative reports whether the imperative patterns could match the lowered text: one of
// their words, or "do" and a space (do\s+not).
func mayImperative(lower []byte) bool {
	for _, w := range imperativeWords {
		if bytes.Contains(lower, w) {
			return true
		}
	}
	for i := 0; i+2 < len(lower); i++ {
		if lower[i] == 'd' && lower[i+1] == 'o' && strings.IndexByte("\t\n\f\r ", lower[i+2]) >= 0 {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Markup a Markdown page renders as less than its text: an HTML comment, a tag with attributes
// (they never show: <img … width=0>, <a href=…>), a tag of an element that hides or collapses
// its content (<details>, <script>, <template>) or any other not in shownTags, a processing
// instruction or declaration, and a link-reference or footnote definition ([//]: # (…) renders
// as nothing). A bare formatting tag (<br/>, <b>, <li>) shows everything it holds: Shopify
// writes <br/> inside its filter tables, and refusing those tools hid no text. An autolink
// (<https://…>) shows its address and is not matched; neither is anything inside a code span,
// which shows as written.
var hiddenMarkup = regexp.MustCompile(`<!--|<\?[A-Za-z]|<![A-Za-z\[]|</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>|(?m)^ {0,3}\[[^\]\n]+\]:`)

// bareTag matches a tag without attributes, giving its element's name.
var bareTag = regexp.MustCompile(`^</?([A-Za-z][A-Za-z0-9]*)\s*/?>$`)

// shownTags are the elements a renderer shows all the content of, bare: text formatting, lists,
// tables, headings and line breaks.
var shownTags = map[string]bool{"b": true, "i": true, "em": true, "strong": true, "u": true, "s": true,
	"del": true, "ins": true, "mark": true, "small": true, "sub": true, "sup": true, "code": true,
	"kbd": true, "samp": true, "var": true, "pre": true, "br": true, "hr": true, "p": true,
	"div": true, "span": true, "blockquote": true, "ul": true, "ol": true, "li": true, "dl": true,
	"dt": true, "dd": true, "table": true, "thead": true, "tbody": true, "tfoot": true, "tr": true,
	"td": true, "th": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"q": true, "cite": true}

// HiddenMarkup returns every text of s that a rendered Markdown page would hide, outside code
// spans; nil for none. Text without "<" or "[" holds none, and nearly all text has neither.
func HiddenMarkup(s string) []string {
	if !strings.ContainsAny(s, "<[") {
		return nil
	}
	var out []string
	for _, m := range hiddenMarkup.FindAllString(blankCodeSpans(s), -1) {
		if t := bareTag.FindStringSubmatch(m); t != nil && shownTags[strings.ToLower(t[1])] {
			continue
		}
		if !pseudoSystem.MatchString(m) { // <system> is reported as system markup, once
			out = append(out, m)
		}
	}
	return out
}

// blankCodeSpans replaces each code span of s, backticks included, by spaces of its length: a
// run of backticks opens a span that the next run of the same length closes (CommonMark), and
// a run that nothing closes is text.
func blankCodeSpans(s string) string {
	if !strings.Contains(s, "`") {
		return s
	}
	b := []byte(s)
	for i := 0; i < len(b); {
		if b[i] != '`' {
			i++
			continue
		}
		n := run(b[i:])
		end := closing(b[i+n:], n)
		if end < 0 {
			i += n
			continue
		}
		stop := i + n + end + n
		for j := i; j < stop; j++ {
			b[j] = ' '
		}
		i = stop
	}
	return string(b)
}

// run is the length of the backtick run that b starts with.
func run(b []byte) int {
	n := 0
	for n < len(b) && b[n] == '`' {
		n++
	}
	return n
}

// closing is the offset in b of the first backtick run of exactly n, or -1.
func closing(b []byte, n int) int {
	for i := 0; i < len(b); {
		if b[i] != '`' {
			i++
			continue
		}
		m := run(b[i:])
		if m == n {
			return i
		}
		i += m
	}
	return -1
}
