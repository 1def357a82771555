package exec

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// BenchmarkDo reads a 200 KB GraphQL response, with and without errors, through the loopback.
func BenchmarkDo(b *testing.B) {
	var items []string
	for i := range 2000 {
		items = append(items, fmt.Sprintf(`{"id":"%d","title":"Title number %d","year":%d}`, i, i, 1900+i%120))
	}
	for name, body := range map[string]string{
		"data":   `{"data":{"movies":[` + strings.Join(items, ",") + `]}}`,
		"errors": `{"data":{"movies":[` + strings.Join(items, ",") + `]},"errors":[{"message":"partial","path":["movies",3]}]}`,
	} {
		b.Run(name, func(b *testing.B) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Write([]byte(body))
			}))
			defer srv.Close()
			c := &Client{Endpoint: srv.URL}
			for b.Loop() {
				if res, err := c.Do(context.Background(), []byte(`{"query":"{ movies { id } }"}`), false); err != nil || res.Text == "" {
					b.Fatal(res, err)
				}
			}
		})
	}
}
