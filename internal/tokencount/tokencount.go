// Package tokencount counts o200k_base tokens offline: the BPE ranks come from
// tiktoken-go-loader's embedded files, so generation never touches the network.
package tokencount

import (
	"fmt"
	"sync"

	tiktoken "github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"
)

// Encoding is the tokenizer every count in the catalog uses.
const Encoding = "o200k_base"

var (
	once    sync.Once
	enc     *tiktoken.Tiktoken
	loadErr error
)

// load builds the encoder once per process; it takes a few hundred milliseconds.
func load() (*tiktoken.Tiktoken, error) {
	once.Do(func() {
		tiktoken.SetBpeLoader(loader.NewOfflineLoader())
		enc, loadErr = tiktoken.GetEncoding(Encoding)
		if loadErr != nil {
			loadErr = fmt.Errorf("load %s tokenizer: %w", Encoding, loadErr)
		}
	})
	return enc, loadErr
}

// Count returns the number of o200k_base tokens in s, as ordinary text (special tokens are not
// recognised, so text that looks like one is counted as the characters it is).
func Count(s string) (int, error) {
	e, err := load()
	if err != nil {
		return 0, err
	}
	return len(e.EncodeOrdinary(s)), nil
}
