package tokencount

import "testing"

// The seed counted the movie tool at 75 o200k tokens; the same text must count the same here.
func TestCountMatchesSeed(t *testing.T) {
	s := "movie Returns a movie by its database identifier. Use this when you have an exact\nID, typically from a prior `search` or `movies` call. Returns null if no\nmovie exists with that ID, so check for null before assuming success. " +
		`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"],"additionalProperties":false}`
	if n, err := Count(s); err != nil || n != 75 {
		t.Errorf("Count = %d, %v; want 75", n, err)
	}
	if n, _ := Count("<|endoftext|>"); n <= 1 {
		t.Errorf("special-token text counted as %d token(s); it must count as ordinary text", n)
	}
}
