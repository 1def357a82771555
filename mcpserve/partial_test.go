package mcpserve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
)

// forbidding lets the demo server answer, then refuses one place of the movie tool's answer the
// way a gateway does when one subgraph's field needs a scope the caller lacks: that value
// nulled, a FORBIDDEN error at its path. An empty field refuses the root field itself.
func forbidding(field string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			var resp struct {
				Data map[string]map[string]any `json:"data"`
			}
			if json.Unmarshal(rec.Body.Bytes(), &resp) != nil || resp.Data["movie"] == nil {
				w.WriteHeader(rec.Code)
				_, _ = w.Write(rec.Body.Bytes())
				return
			}
			path := []string{"movie"}
			out := map[string]any{"data": map[string]any{"movie": nil}}
			if field != "" {
				resp.Data["movie"][field] = nil
				out["data"], path = resp.Data, append(path, field)
			}
			out["errors"] = []any{map[string]any{"message": "missing scope read:plot", "path": path, "extensions": map[string]any{"code": "FORBIDDEN"}}}
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(out)
		})
	}
}

// mcpResult is what a test compares of one MCP tool result and its audit record.
type mcpResult struct {
	IsError     bool
	HasData     bool // the movie's title reached the model
	HasError    bool // the server's error reached the model
	AuditResult string
}

// Data next to a field error is a call that worked in part, so it is not an MCP isError
// result (the spec's "the tool call failed"; some hosts drop such a result's content): the
// model still reads the error in the text, and the audit outcome stays graphql_errors. Before,
// every GraphQL error set isError. A result with no root field answered is still an error.
func TestPartialDataIsNotAnErrorResult(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, field string
		want        mcpResult
	}{
		{"one field refused", "plot", mcpResult{IsError: false, HasData: true, HasError: true, AuditResult: "graphql_errors"}},
		{"the root field refused", "", mcpResult{IsError: true, HasData: false, HasError: true, AuditResult: "graphql_errors"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var trail bytes.Buffer
			rt := newAuditedFixture(t, audit.New(&trail, false), forbidding(c.field)).rt
			s, err := New(Config{Runtime: rt, Approve: Deny, Limits: budget.Defaults()})
			if err != nil {
				t.Fatal(err)
			}
			text, isErr := call(t, connect(t, s, nil), "movie", `{"id":"42"}`)
			var rec audit.Record
			if err := json.Unmarshal(trail.Bytes(), &rec); err != nil {
				t.Fatalf("audit %q: %v", trail.String(), err)
			}
			got := mcpResult{IsError: isErr, HasData: strings.Contains(text, "The Matrix"),
				HasError: strings.Contains(text, `"message":"missing scope read:plot"`) && strings.Contains(text, `"code":"FORBIDDEN"`), AuditResult: rec.Outcome}
			if d := cmp.Diff(c.want, got); d != "" {
				t.Errorf("(-want +got)\n%s\nresult %s", d, text)
			}
		})
	}
}
