package toolrt

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/toolrt/budget"
)

// fieldAuthServer is a GraphQL API with field-level authorization (common with Apollo-style
// @auth directives): the login works, the mutation EXECUTES, and one selected subfield comes
// back null with an UNAUTHORIZED error next to the data. Nothing about the identity is wrong.
func fieldAuthServer(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req struct {
		OperationName string `json:"operationName"`
	}
	_ = json.Unmarshal(body, &req)
	w.Header().Set("Content-Type", "application/json")
	if req.OperationName == "Login" {
		_, _ = io.WriteString(w, `{"data":{"login":{"token":"tok-`+strings.Repeat("x", 20)+`"}}}`)
		return
	}
	_, _ = io.WriteString(w, `{"data":{"addWatchListItem":{"success":true,"item":{"id":"5","titleType":"MOVIE","watched":false,"userNotes":null},"error":null}},`+
		`"errors":[{"message":"not allowed to read userNotes","path":["addWatchListItem","item","userNotes"],"extensions":{"code":"UNAUTHORIZED"}}]}`)
}

// TestApprovedWriteIsSentOnlyOnce: one human "y" must produce at most one write. A
// GraphQL UNAUTHORIZED error that arrives WITH data means the mutation already ran; re-logging
// in and re-sending the same bytes applies the write a second time past a single approval.
func TestApprovedWriteIsSentOnlyOnce(t *testing.T) {
	t.Parallel()
	endpoint, rec := startRaw(t, fieldAuthServer)
	rt := newRuntime(t, endpoint, asUser(Config{}))
	approver := &scripted{answers: []string{"y"}}
	run := rt.NewRun(budget.New(budget.Defaults()), approver)
	_, _ = run.Call(context.Background(), "addWatchListItem", []byte(addMatrix))
	if n := approver.asked.Load(); n != 1 {
		t.Fatalf("asked %d times, want 1", n)
	}
	if n := rec.count("Tool_addWatchListItem"); n != 1 {
		t.Errorf("one approval sent the write %d times (the server applied it each time); want 1", n)
	}
}
