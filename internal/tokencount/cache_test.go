package tokencount

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

func texts(prefix string, n int) []string {
	var out []string
	for i := range n {
		out = append(out, fmt.Sprintf("%s tool %d: Returns the thing number %d, with its fields.", prefix, i, i*i))
	}
	return out
}

// exact counts each text with the tokenizer itself.
func exact(t *testing.T, ss []string) []int {
	t.Helper()
	var out []int
	for _, s := range ss {
		n, err := Count(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, n)
	}
	return out
}

func TestCacheRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c", "tokens.bin")
	in := texts("a", 20)
	c := openCache(path)
	got, err := c.CountAll(in)
	if err != nil {
		t.Fatal(err)
	}
	want := exact(t, in)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("CountAll = %v, want %v", got, want)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	again := openCache(path)
	if again.Empty() || len(again.known) != len(in) {
		t.Fatalf("reopened cache holds %d counts, want %d", len(again.known), len(in))
	}
	// A count the tokenizer would never give proves the answer comes from the file.
	planted := openCache(path)
	planted.known = map[[32]byte]uint32{}
	planted.added[key(in[0])] = 999
	planted.Save()
	if n, _ := openCache(path).Count(in[0]); n != 999 {
		t.Errorf("Count = %d, want the cached 999", n)
	}
}

func key(s string) [32]byte {
	c := NewMemoryCache()
	c.Count(s)
	for k := range c.known {
		return k
	}
	return [32]byte{}
}

// A damaged record is counted again; a damaged or foreign file is no cache; neither is an error.
func TestCacheSurvivesCorruption(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tokens.bin")
	in := texts("b", 5)
	c := openCache(path)
	c.CountAll(in)
	c.Save()
	b, _ := os.ReadFile(path)
	b[len(header)+recordSize+33] ^= 0xff          // the count of the second record
	os.WriteFile(path, append(b, 1, 2, 3), 0o644) // and a torn tail
	d := openCache(path)
	if len(d.known) != len(in)-1 {
		t.Errorf("%d records survived, want %d", len(d.known), len(in)-1)
	}
	got, err := d.CountAll(in)
	if err != nil || fmt.Sprint(got) != fmt.Sprint(exact(t, in)) {
		t.Errorf("counts after corruption = %v, %v", got, err)
	}
	if err := d.Save(); err != nil {
		t.Fatal(err)
	}
	if n := len(openCache(path).known); n != len(in) {
		t.Errorf("after saving, %d records, want %d", n, len(in))
	}
	for _, junk := range [][]byte{nil, []byte("garbage"), append([]byte("toolgen token counts v0\n"), make([]byte, recordSize)...)} {
		os.WriteFile(path, junk, 0o644)
		if c := openCache(path); !c.Empty() {
			t.Errorf("a file of %q loaded %d counts", junk, len(c.known))
		}
	}
}

// Runs saving at the same time leave a file that loads, whose every count is right.
func TestCacheSurvivesConcurrentRuns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tokens.bin")
	var all []string
	var wg sync.WaitGroup
	for r := range 6 {
		in := texts(fmt.Sprintf("run%d", r), 15)
		all = append(all, in...)
		wg.Go(func() {
			c := openCache(path)
			if _, err := c.CountAll(in); err != nil {
				t.Error(err)
			}
			if err := c.Save(); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	c := openCache(path)
	if c.Empty() {
		t.Fatal("no counts survived")
	}
	want := exact(t, all)
	hits := 0
	for i, s := range all {
		if n, ok := c.known[key(s)]; ok {
			hits++
			if int(n) != want[i] {
				t.Errorf("%q cached as %d, want %d", s, n, want[i])
			}
		}
	}
	if hits < 15 {
		t.Errorf("only %d counts survived; the last run alone saved 15", hits)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

// FuzzReadRecords: any bytes in the cache file load without a panic, and only whole,
// checksummed records.
func FuzzReadRecords(f *testing.F) {
	path := filepath.Join(f.TempDir(), "tokens.bin")
	c := openCache(path)
	c.added[key("x")] = 1
	c.Save()
	good, _ := os.ReadFile(path)
	f.Add(good)
	f.Add(append(good[:len(good)-3:len(good)-3], 0, 0, 0))
	f.Add([]byte("garbage"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "tokens.bin")
		os.WriteFile(p, data, 0o644)
		m := map[[32]byte]uint32{}
		readRecords(p, m)
		if len(m) > len(data)/recordSize {
			t.Fatalf("%d records from %d bytes", len(m), len(data))
		}
	})
}
