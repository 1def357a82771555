package tokencount

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"hash/crc32"
	"os"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/toolgen/toolgen/internal/cachedir"
)

// Cache remembers token counts by the SHA-256 of the exact text counted. Its file is a
// header and fixed-size records, each with its own checksum: a damaged record is skipped and
// counted again, a damaged file is the same as none. It is safe for concurrent use.
type Cache struct {
	path  string // "" keeps counts in memory only
	mu    sync.Mutex
	known map[[32]byte]uint32
	added map[[32]byte]uint32
}

// header names the format, the encoding and the tokenizer's version: a count is only valid
// for the tokenizer that made it.
var header = []byte("toolgen token counts v1 " + Encoding + " tiktoken-go " + tokenizerVersion() + "\n")

const recordSize = 32 + 4 + 4 // key, count, CRC-32 of both

// maxRecords bounds the file (16 MB); past it, a save starts over with this run's new counts.
const maxRecords = 400_000

// OpenCache reads the count cache in toolgen's cache folder. Nothing about the file can make
// it fail: without a cache folder or a readable file, counts stay in memory.
func OpenCache() *Cache {
	p, err := cachedir.Path("tokens-" + Encoding + ".bin")
	if err != nil {
		p = ""
	}
	return openCache(p)
}

// NewMemoryCache counts without reading or writing any file.
func NewMemoryCache() *Cache { return openCache("") }

func openCache(path string) *Cache {
	c := &Cache{path: path, known: map[[32]byte]uint32{}, added: map[[32]byte]uint32{}}
	if path != "" {
		readRecords(path, c.known)
	}
	return c
}

// readRecords adds every intact record of the file at path to m.
func readRecords(path string, m map[[32]byte]uint32) {
	b, err := os.ReadFile(path)
	if err != nil || !bytes.HasPrefix(b, header) {
		return
	}
	for b = b[len(header):]; len(b) >= recordSize; b = b[recordSize:] {
		r := b[:recordSize]
		if crc32.ChecksumIEEE(r[:36]) != binary.LittleEndian.Uint32(r[36:]) {
			continue
		}
		m[[32]byte(r[:32])] = binary.LittleEndian.Uint32(r[32:36])
	}
}

// Empty reports whether the cache holds no counts: a first run, which will need the tokenizer.
func (c *Cache) Empty() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.known) == 0
}

// Count returns the tokens of s, from the cache or, on a miss, from the tokenizer.
func (c *Cache) Count(s string) (int, error) {
	key := sha256.Sum256([]byte(s))
	c.mu.Lock()
	n, ok := c.known[key]
	c.mu.Unlock()
	if ok {
		return int(n), nil
	}
	m, err := Count(s)
	if err != nil {
		return 0, err
	}
	c.mu.Lock()
	c.known[key], c.added[key] = uint32(m), uint32(m)
	c.mu.Unlock()
	return m, nil
}

// CountAll counts every text, the misses spread over all cores; counts[i] is texts[i]'s.
func (c *Cache) CountAll(texts []string) ([]int, error) {
	counts := make([]int, len(texts))
	errs := make([]error, len(texts))
	next := make(chan int, len(texts))
	for i := range texts {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(texts)) {
		wg.Go(func() {
			for i := range next {
				counts[i], errs[i] = c.Count(texts[i])
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return counts, nil
}

// Save adds this run's new counts to the file, merged with whatever another run saved since
// it was read, and replaces the file whole. Concurrent saves never damage it; the last one
// wins, so at worst a count is made again.
func (c *Cache) Save() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.path == "" || len(c.added) == 0 {
		return nil
	}
	all := map[[32]byte]uint32{}
	readRecords(c.path, all)
	if len(all)+len(c.added) > maxRecords {
		all = map[[32]byte]uint32{}
	}
	for k, v := range c.added {
		all[k] = v
	}
	out := make([]byte, 0, len(header)+len(all)*recordSize)
	out = append(out, header...)
	for k, v := range all {
		out = append(out, k[:]...)
		out = binary.LittleEndian.AppendUint32(out, v)
		out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(out[len(out)-36:]))
	}
	if err := cachedir.WriteAtomic(c.path, out); err != nil {
		return err
	}
	clear(c.added)
	return nil
}

// tokenizerVersion is the linked pkoukk/tiktoken-go module version, or "unknown".
func tokenizerVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == "github.com/pkoukk/tiktoken-go" {
				return d.Version
			}
		}
	}
	return "unknown"
}
