package introspect

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"
)

// inflating serves f on loopback, with the one value V0 of an enum in every __schema answer
// repeated n times (V0 … Vn-1): a hostile server's answer, built without f loading its schema.
func inflating(t *testing.T, f *fakeServer, n int) string {
	value := regexp.MustCompile(`\{[^{}]*"name":"V0"[^{}]*\}`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		f.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		if m := value.Find(body); m != nil {
			var b bytes.Buffer
			for i := range n {
				if i > 0 {
					b.WriteByte(',')
				}
				b.Write(bytes.Replace(m, []byte(`"V0"`), fmt.Appendf(nil, `"V%d"`, i), 1))
			}
			body = bytes.Replace(body, m, b.Bytes(), 1)
		}
		w.Header().Set("Content-Type", rec.Header().Get("Content-Type"))
		w.WriteHeader(rec.Code)
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/graphql"
}

// TestHostileEnumIsRefusedQuickly: a server answering with an enum of 100,000 values (3.5 MB,
// far under the 128 MiB an answer may have) held SDL, which gqlparser validates pairwise, for
// 12 s; a million values would take about 20 minutes, outside -timeout, which bounds only the
// exchange. The list is refused first, naming it.
func TestHostileEnumIsRefusedQuickly(t *testing.T) {
	url := inflating(t, &fakeServer{t: t, sdl: "type Query { a: Kind }\nenum Kind { V0 }\n", has: graphqlJS15}, 100_000)
	s, err := (&Client{URL: url}).Fetch(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = SDL(s)
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("SDL took %v", took)
	}
	if err == nil || !strings.Contains(err.Error(), "the values of enum Kind number 100000, over toolgen's limit of 20000") {
		t.Errorf("want the enum refused, got %v", err)
	}
}
