package toolrt

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/toolrt/audit"
)

// CallArgs sends what Call would for the same JSON and decodes the data into the answer;
// arguments JSON cannot carry are refused as invalid, with nothing sent and no answer; an
// answer that does not fit its type is an error naming the fix.
func TestCallArgs(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	run := newRuntime(t, endpoint, Config{}).NewRun(nil, nil)
	var answer struct {
		Movie struct{ Title string } `json:"movie"`
	}
	res, err := run.CallArgs(context.Background(), "movie", struct {
		ID string `json:"id"`
	}{"42"}, &answer)
	if err != nil || res.IsError || answer.Movie.Title != "The Matrix" || !strings.Contains(string(res.Data), `"The Matrix"`) {
		t.Errorf("movie 42: %+v %+v %v", answer, res, err)
	}
	before := rec.toolRequests()
	res, err = run.CallArgs(context.Background(), "movies", map[string]any{"filter": map[string]any{"minRating": math.NaN()}}, &answer)
	if !errors.Is(err, ErrNoAnswer) || res.Decision != audit.InvalidArgs || !strings.Contains(res.Text, "cannot be written as JSON") {
		t.Errorf("NaN argument: %+v %v, want refused as invalid", res, err)
	}
	if rec.toolRequests() != before {
		t.Errorf("a refused call sent a request")
	}
	var wrong struct {
		Movie struct{ Title int } `json:"movie"`
	}
	if _, err := run.CallArgs(context.Background(), "movie", map[string]string{"id": "42"}, &wrong); err == nil || !strings.Contains(err.Error(), "scalars:") {
		t.Errorf("a title decoded into an int: %v, want an error naming the allow-list's scalars", err)
	}
}
