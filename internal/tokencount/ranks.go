package tokencount

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"path"
	"slices"

	"github.com/pkoukk/tiktoken-go-loader/assets"
)

// ranksLoader is a tiktoken.BpeLoader over tiktoken-go-loader's embedded rank files, the same
// bytes loader.NewOfflineLoader reads. It decodes every token into one buffer and slices the
// map's keys out of a single string, where the offline loader splits the file into 200,000
// strings and allocates each token. A pre-parsed form committed to the repository would be
// faster still, but o200k's raw token bytes alone are over a megabyte.
type ranksLoader struct{}

func (ranksLoader) LoadTiktokenBpe(file string) (map[string]int, error) {
	name := path.Base(file)
	data, err := assets.Assets.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("no embedded ranks %s: %w", name, err)
	}
	return parseRanks(name, data)
}

// parseRanks reads "<base64 token> <rank>\n" lines. Every problem names the line.
func parseRanks(name string, data []byte) (map[string]int, error) {
	lines := bytes.Count(data, []byte{'\n'})
	buf := make([]byte, 0, len(data)*3/4)
	type entry struct{ start, end, rank int }
	entries := make([]entry, 0, lines+1)
	for line := 1; len(data) > 0; line++ {
		var text []byte
		text, data = cut(data, '\n')
		if len(text) == 0 {
			continue
		}
		tok, num := cut(text, ' ')
		rank, ok := atoi(num)
		if !ok {
			return nil, fmt.Errorf("%s:%d: rank %q is not a number", name, line, num)
		}
		start, max := len(buf), base64.StdEncoding.DecodedLen(len(tok))
		buf = slices.Grow(buf, max)[:start+max]
		n, err := base64.StdEncoding.Decode(buf[start:], tok)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: token: %w", name, line, err)
		}
		buf = buf[:start+n]
		entries = append(entries, entry{start, start + n, rank})
	}
	all := string(buf) // one allocation; the keys below are substrings of it
	ranks := make(map[string]int, len(entries))
	for _, e := range entries {
		ranks[all[e.start:e.end]] = e.rank
	}
	return ranks, nil
}

// cut splits b at the first sep; without one, all of b is before it.
func cut(b []byte, sep byte) (before, after []byte) {
	if i := bytes.IndexByte(b, sep); i >= 0 {
		return b[:i], b[i+1:]
	}
	return b, nil
}

func atoi(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
