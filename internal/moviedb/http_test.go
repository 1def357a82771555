package moviedb

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestHTTPRefusals(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	base := strings.TrimSuffix(url, "/graphql")
	tests := []struct {
		name, method, path, contentType string
		body                            []byte
		status                          int
	}{
		{"GET", http.MethodGet, "/graphql", "", nil, http.StatusMethodNotAllowed},
		{"PUT", http.MethodPut, "/graphql", "application/json", []byte(`{"query":"{ moviesAll { id } }"}`), http.StatusMethodNotAllowed},
		{"wrong path", http.MethodPost, "/query", "application/json", []byte(`{"query":"{ moviesAll { id } }"}`), http.StatusNotFound},
		{"form body", http.MethodPost, "/graphql", "application/x-www-form-urlencoded", []byte("query=x"), http.StatusUnsupportedMediaType},
		{"no content type", http.MethodPost, "/graphql", "", []byte(`{"query":"{ moviesAll { id } }"}`), http.StatusUnsupportedMediaType},
		{"malformed JSON", http.MethodPost, "/graphql", "application/json", []byte(`{"query":`), http.StatusBadRequest},
		{"trailing garbage", http.MethodPost, "/graphql", "application/json", []byte(`{"query":"{ a }"} x`), http.StatusBadRequest},
		{"query not a string", http.MethodPost, "/graphql", "application/json", []byte(`{"query":42}`), http.StatusBadRequest},
		{"variables not an object", http.MethodPost, "/graphql", "application/json", []byte(`{"query":"{ a }","variables":[1]}`), http.StatusBadRequest},
		{"empty body", http.MethodPost, "/graphql", "application/json", nil, http.StatusBadRequest},
		{"no query", http.MethodPost, "/graphql", "application/json", []byte(`{}`), http.StatusBadRequest},
		{"10 MiB", http.MethodPost, "/graphql", "application/json", tenMiB(), http.StatusRequestEntityTooLarge},
	}
	for _, tt := range tests {
		req, err := http.NewRequest(tt.method, base+tt.path, bytes.NewReader(tt.body))
		if err != nil {
			t.Fatal(err)
		}
		if tt.contentType != "" {
			req.Header.Set("Content-Type", tt.contentType)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var decoded gqlResponse
		jsonErr := json.Unmarshal(body, &decoded)
		if resp.StatusCode != tt.status || jsonErr != nil || len(decoded.Errors) != 1 || decoded.Errors[0].Message == "" {
			t.Errorf("%s: %d %s, want %d with one JSON error", tt.name, resp.StatusCode, body, tt.status)
		}
		if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("%s: Content-Type %q", tt.name, ct)
		}
	}
}

// tenMiB is a syntactically valid request ten times over the cap.
func tenMiB() []byte {
	return []byte(`{"query":"{ moviesAll { id } }","pad":"` + strings.Repeat("x", 10<<20) + `"}`)
}

func TestGraphQLLevelErrors(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	tests := []struct{ name, body string }{
		{"wrong variable type", `{"query":"query($id: ID!) { movie(id: $id) { title } }","variables":{"id":{"no":1}}}`},
		{"wrong enum variable", `{"query":"query($f: MovieFilter) { movies(filter: $f) { totalElements } }","variables":{"f":{"genre":"POLKA"}}}`},
		{"string for Int", `{"query":"query($s: Int) { movies(size: $s) { totalElements } }","variables":{"s":"ten"}}`},
		{"missing variable", `{"query":"query($id: ID!) { movie(id: $id) { title } }"}`},
		{"unknown operation", `{"query":"query A { moviesAll { id } }","operationName":"B"}`},
		{"two operations, no name", `{"query":"query A { moviesAll { id } } query B { moviesAll { id } }"}`},
		{"syntax error", `{"query":"{ movie(id: "}`},
		{"unknown field", `{"query":"{ movie(id: \"1\") { budget } }"}`},
		{"bad country code", `{"query":"mutation { createPerson(input: {name: \"x\", countryCode: \"Czechia\"}) { id } }"}`},
	}
	for _, tt := range tests {
		status, raw := post(t, url, "", []byte(tt.body))
		var resp gqlResponse
		if err := json.Unmarshal(raw, &resp); err != nil || status != http.StatusOK || len(resp.Errors) == 0 {
			t.Errorf("%s: %d %s, want 200 with errors", tt.name, status, raw)
		}
	}
}

func TestRecovererCatchesPanics(t *testing.T) {
	t.Parallel()
	rec := httptest.NewRecorder()
	recoverer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") })).
		ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/graphql", nil))
	if rec.Code != http.StatusInternalServerError || !json.Valid(rec.Body.Bytes()) {
		t.Errorf("got %d %s, want 500 with a JSON body", rec.Code, rec.Body)
	}
}

func TestHandlerWorksInsideHTTPTest(t *testing.T) {
	t.Parallel()
	h, err := NewHandler()
	if err != nil {
		t.Fatal(err)
	}
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	token := login(t, srv.URL+"/graphql", "user", "user123")
	add(t, srv.URL+"/graphql", token, "1", "42", "MOVIE")
	if got := requests.Load(); got != 2 {
		t.Errorf("requests = %d, want 2", got)
	}
	other, err := NewHandler()
	if err != nil {
		t.Fatal(err)
	}
	srv2 := httptest.NewServer(other)
	defer srv2.Close()
	if got := itemCount(t, srv2.URL+"/graphql", login(t, srv2.URL+"/graphql", "user", "user123"), "1"); got != 2 {
		t.Errorf("a second handler sees itemCount %d, want the seeded 2: states must be independent", got)
	}
}

func TestStartStopsWithContext(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	srv, err := Start(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(srv.URL(), "http://127.0.0.1:") || !strings.HasSuffix(srv.URL(), "/graphql") {
		t.Errorf("URL = %q", srv.URL())
	}
	gql(t, srv.URL(), "", `{ movie(id: "1") { title } }`, nil, nil)
	cancel()
	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, err := http.Post(srv.URL(), "application/json", strings.NewReader(`{"query":"{ a }"}`))
		if err != nil {
			break // refused: the server is down
		}
		resp.Body.Close()
		if time.Now().After(deadline) {
			t.Fatal("server still answering 5 s after its context ended")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := srv.Close(); err != nil {
		t.Errorf("Close after the context ended: %v", err)
	}
}

func TestStartRejectsABusyAddress(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/graphql")
	if _, err := Start(context.Background(), addr); err == nil {
		t.Errorf("Start on busy %s succeeded", addr)
	}
}

func TestResponsesAreNotHTMLEscaped(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	_, raw := post(t, url, "", []byte(`{"query":"{ movie(id: \"1\") { plot } }"}`))
	want := `{"data":{"movie":{"plot":"A banker sentenced to life for murder befriends a fellow inmate and quietly plans his way out over two decades."}}}`
	if diff := cmp.Diff(want, string(raw)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	_, raw = post(t, url, "", []byte(`{"query":"{ movie(id: \"<a&b>\") { title } }"}`))
	if !bytes.Contains(raw, []byte(`"Invalid value '<a&b>' for id"`)) {
		t.Errorf("got %s, want the message unescaped", raw)
	}
}
