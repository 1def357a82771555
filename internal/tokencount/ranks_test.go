package tokencount

import (
	"maps"
	"testing"

	loader "github.com/pkoukk/tiktoken-go-loader"
)

// The fast loader must hand pkoukk exactly the ranks its own offline loader reads.
func TestRanksMatchTheOfflineLoader(t *testing.T) {
	files := []string{"o200k_base.tiktoken", "cl100k_base.tiktoken"}
	if testing.Short() {
		files = files[:1] // the encoding toolgen counts with; the full run checks both
	}
	for _, file := range files {
		want, err := loader.NewOfflineLoader().LoadTiktokenBpe(file)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ranksLoader{}.LoadTiktokenBpe("https://example/encodings/" + file)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) || !maps.Equal(got, want) {
			t.Errorf("%s: %d ranks, want %d; the maps differ", file, len(got), len(want))
		}
	}
}

func TestParseRanksNamesTheLine(t *testing.T) {
	for in, want := range map[string]string{
		"IQ== 0\nIg== x\n": "f:2: rank \"x\" is not a number",
		"IQ== 0\n!!!! 1\n": "f:2: token: illegal base64 data at input byte 0",
		"IQ==\n":           "f:1: rank \"\" is not a number",
	} {
		if _, err := parseRanks("f", []byte(in)); err == nil || err.Error() != want {
			t.Errorf("parseRanks(%q) = %v, want %s", in, err, want)
		}
	}
}

func FuzzParseRanks(f *testing.F) {
	f.Add([]byte("IQ== 0\nIg== 1\n"))
	f.Add([]byte("IQ 0\n\n\nI=== 99\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ranks, err := parseRanks("f", data)
		if err == nil && ranks == nil {
			t.Fatal("no ranks and no error")
		}
	})
}

func BenchmarkLoadRanks(b *testing.B) {
	b.Run("offline", func(b *testing.B) {
		for b.Loop() {
			loader.NewOfflineLoader().LoadTiktokenBpe("o200k_base.tiktoken")
		}
	})
	b.Run("ranksLoader", func(b *testing.B) {
		for b.Loop() {
			ranksLoader{}.LoadTiktokenBpe("o200k_base.tiktoken")
		}
	})
}
