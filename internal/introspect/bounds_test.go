package introspect

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestOversizedAnswerStopsReading: a server that answers without end (a JSON string that never
// closes) is read up to the 128 MiB an answer may have, then cut off with an error saying so:
// reading stops, and so does the server's writing.
func TestOversizedAnswerStopsReading(t *testing.T) {
	var sent atomic.Int64
	chunk := []byte(strings.Repeat("a", 1<<20))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		n, _ := io.WriteString(w, `{"data":{"__schema":{"description":"`)
		sent.Add(int64(n))
		for {
			n, err := w.Write(chunk)
			sent.Add(int64(n))
			if err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err := (&Client{URL: srv.URL}).Fetch(t.Context())
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	t.Logf("%v, %d MiB allocated", took, (after.TotalAlloc-before.TotalAlloc)>>20)
	if err == nil || !strings.Contains(err.Error(), "the answer is larger than 128 MiB") {
		t.Fatalf("want the answer refused for its size, got %v", err)
	}
	srv.CloseClientConnections()
	time.Sleep(50 * time.Millisecond)
	if got := sent.Load(); got > maxAnswer+64<<20 {
		t.Errorf("the server wrote %d MiB before toolgen stopped reading", got>>20)
	}
	if took > 20*time.Second {
		t.Errorf("took %v", took)
	}
}

// TestDeeplyNestedAnswerIsBounded: an answer nested deeper than any schema (arrays a million
// deep, a type reference wrapped 9,000 times, within encoding/json's depth limit) is refused
// quickly, with an error, without a stack overflow: encoding/json stops at 10,000 levels and
// reading a type reference at 32.
func TestDeeplyNestedAnswerIsBounded(t *testing.T) {
	const wraps = 9000
	ref := strings.Repeat(`{"kind":"LIST","name":null,"ofType":`, wraps) + `{"kind":"SCALAR","name":"Int","ofType":null}` + strings.Repeat("}", wraps)
	deepType := `{"data":{"__schema":{"queryType":{"name":"Query"},"types":[{"kind":"OBJECT","name":"Query","fields":[{"name":"a","args":[],"type":` +
		ref + `}],"interfaces":[]}],"directives":[]}}}`
	answers := map[string]struct{ body, want string }{
		"arrays":         {`{"data":{"__schema":` + strings.Repeat("[", 1_000_000) + strings.Repeat("]", 1_000_000) + `}}`, "not a GraphQL answer"},
		"objects":        {`{"data":{"__schema":{"queryType":{"name":"Query"},"description":` + strings.Repeat(`{"a":`, 1_000_000) + "1" + strings.Repeat("}", 1_000_000) + `}}}`, "not a GraphQL answer"},
		"type reference": {deepType, "Query.a: the type reference is nested more than 32 deep"},
	}
	for name, tc := range answers {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				b, _ := io.ReadAll(r.Body)
				if strings.Contains(string(b), "ToolgenProbe") {
					json.NewEncoder(w).Encode(map[string]any{"data": probeAnswer(graphqlJS14)})
					return
				}
				io.WriteString(w, tc.body)
			}))
			defer srv.Close()
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			s, err := (&Client{URL: srv.URL}).Fetch(t.Context())
			var sdl []byte
			if err == nil {
				sdl, err = SDL(s)
			}
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("want an error saying %q, got %.300v\n%.300s", tc.want, err, sdl)
			}
			if took, mib := time.Since(start), (after.TotalAlloc-before.TotalAlloc)>>20; took > 5*time.Second || mib > 256 {
				t.Errorf("took %v and %d MiB", took, mib)
			}
		})
	}
}
