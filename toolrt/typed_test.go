package toolrt

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/toolrt/audit"
)

// CallArgs sends what Call would for the same JSON, and arguments JSON cannot carry are refused
// as invalid, with nothing sent.
func TestCallArgs(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	run := newRuntime(t, endpoint, Config{}).NewRun(nil, nil)
	res, err := run.CallArgs(context.Background(), "movie", struct {
		ID string `json:"id"`
	}{"42"})
	if err != nil || res.IsError || !strings.Contains(res.Text, "The Matrix") {
		t.Errorf("movie 42: %+v %v", res, err)
	}
	before := rec.toolRequests()
	res, err = run.CallArgs(context.Background(), "movies", map[string]any{"filter": map[string]any{"minRating": math.NaN()}})
	if err != nil || res.Decision != audit.InvalidArgs || !strings.Contains(res.Text, "cannot be written as JSON") {
		t.Errorf("NaN argument: %+v %v, want refused as invalid", res, err)
	}
	if rec.toolRequests() != before {
		t.Errorf("a refused call sent a request")
	}
}
