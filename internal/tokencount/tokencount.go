// Package tokencount counts o200k_base tokens offline with pkoukk/tiktoken-go: the BPE ranks
// come from tiktoken-go-loader's embedded files, so generation never touches the network.
// Count always runs the tokenizer; Cache remembers counts across runs (keyed by the SHA-256
// of the text), so the tokenizer is loaded only when a count is actually missing.
package tokencount

import (
	"fmt"
	"sync"

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
	return len(e.EncodeOrdinary(s)), nil
}
