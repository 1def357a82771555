// Package tokencount counts o200k_base tokens offline with pkoukk/tiktoken-go: the BPE ranks
// come from tiktoken-go-loader's embedded files, so generation never touches the network.
// Count always runs the tokenizer; Cache remembers counts across runs (keyed by the SHA-256
// of the text), so the tokenizer is loaded only when a count is actually missing.
package tokencount

import (
	"fmt"
	"sync"
	"unicode"
	"unicode/utf8"

	tiktoken "github.com/pkoukk/tiktoken-go"
)

// Encoding is the tokenizer every count in the catalog uses.
const Encoding = "o200k_base"

var (
	once    sync.Once
	enc     *tiktoken.Tiktoken
	loadErr error
)

// load builds the encoder once per process. pkoukk's own constructor still builds its
// decoder and sorts every token; the ranks come through ranksLoader, which parses the
// embedded file without a per-entry allocation.
func load() (*tiktoken.Tiktoken, error) {
	once.Do(func() {
		tiktoken.SetBpeLoader(ranksLoader{})
		enc, loadErr = tiktoken.GetEncoding(Encoding)
		if loadErr != nil {
			loadErr = fmt.Errorf("load %s tokenizer: %w", Encoding, loadErr)
		}
	})
	return enc, loadErr
}

// Preload loads the tokenizer in the background, for a caller that knows counts will be
// missing (a first run) and has other work to overlap it with.
func Preload() {
	go load()
}

// Count returns the number of o200k_base tokens in s, as ordinary text (special tokens are not
// recognised, so text that looks like one is counted as the characters it is). It is safe for
// concurrent use.
func Count(s string) (int, error) {
	e, err := load()
	if err != nil {
		return 0, err
	}
	n := 0
	for s != "" {
		end := chunkEnd(s)
		n += len(e.EncodeOrdinary(s[:end]))
		s = s[end:]
	}
	return n, nil
}

// maxPiece bounds the text between two places where o200k_base's pre-tokenizer surely splits
// (see chunkEnd). tiktoken-go merges the byte pairs of each piece in time quadratic in its
// length: a hostile schema's description of 100 KB of one letter (or of spaces, or CJK without
// punctuation) took 17 s to count, 4 MB hours. Real text splits every word; a longer stretch
// without a split is cut into chunks of maxPiece bytes counted apart, which may differ from
// the exact count by a token or so per cut, in time linear in the text.
const maxPiece = 512

// chunkEnd is where the first chunk of s to count on its own ends: len(s), unless s has a
// stretch of maxPiece bytes with no place where the pre-tokenizer surely splits, which is then
// cut there. It surely splits after a letter (or mark) followed by neither a letter, a mark nor
// an apostrophe ('s, 't …), around every number, and before a space followed by a letter. So
// the count of text with no such stretch is exact, and no piece the tokenizer merges is longer
// than maxPiece.
func chunkEnd(s string) int {
	last := 0 // the last sure split
	prev := rune(-1)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if prev >= 0 && splits(prev, r, s[i+size:]) {
			last = i
		}
		if i-last >= maxPiece {
			return i
		}
		prev = r
		i += size
	}
	return len(s)
}

// splits reports whether o200k_base's pre-tokenizer surely splits between prev and r, which
// rest follows.
func splits(prev, r rune, rest string) bool {
	switch {
	case isLetter(prev) && !isLetter(r) && r != '\'':
		return true
	case unicode.IsNumber(prev) != unicode.IsNumber(r):
		return true
	case r == ' ':
		next, _ := utf8.DecodeRuneInString(rest)
		return rest != "" && isLetter(next)
	}
	return false
}

func isLetter(r rune) bool { return unicode.IsLetter(r) || unicode.IsMark(r) }
