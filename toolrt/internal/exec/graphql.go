package exec

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
)

// DefaultAuthErrorCodes returns the GraphQL error codes (errors[].extensions.code, or
// extensions.classification as Spring GraphQL writes it) that mean "log in again", unless
// Client.AuthCodes says otherwise. It returns a fresh slice: the default cannot be changed.
func DefaultAuthErrorCodes() []string { return []string{"UNAUTHENTICATED", "UNAUTHORIZED"} }

type gqlResponse struct {
	Data   json.RawMessage `json:"data"`
	Errors []gqlError      `json:"errors"`
}

type gqlError struct {
	Message    string          `json:"message"`
	Path       json.RawMessage `json:"path,omitempty"`
	Extensions struct {
		Code           codeString `json:"code"`
		Classification codeString `json:"classification"`
	} `json:"extensions"`
}

// codeString is an error code as the server wrote it when that is a string; any other JSON
// value reads as "", so a server with numeric codes still has its errors read.
type codeString string

func (c *codeString) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		*c = codeString(s)
	}
	return nil
}

// maxCodeRunes bounds a code the model reads: codes are short words (FORBIDDEN, THROTTLED);
// anything longer is not one, and is cut.
const maxCodeRunes = 64

// modelError is what the model sees of a GraphQL error: message, path and the error's code,
// nothing else from extensions (servers put stack traces, request headers and tokens there).
type modelError struct {
	Message    string          `json:"message"`
	Path       json.RawMessage `json:"path,omitempty"`
	Extensions *modelCodes     `json:"extensions,omitempty"`
}

// modelCodes are the codes of an error: code, and classification, Spring GraphQL's name for
// it (the runtime reads both as auth codes too).
type modelCodes struct {
	Code           string `json:"code,omitempty"`
	Classification string `json:"classification,omitempty"`
}

// codes returns the error's codes for the model, each bounded; nil when it has none.
func (e gqlError) codes() *modelCodes {
	c := modelCodes{Code: clipCode(string(e.Extensions.Code)), Classification: clipCode(string(e.Extensions.Classification))}
	if c == (modelCodes{}) {
		return nil
	}
	return &c
}

func clipCode(s string) string {
	if r := []rune(s); len(r) > maxCodeRunes {
		return string(r[:maxCodeRunes]) + "…"
	}
	return s
}

// decodeResponse decodes a response body; nil and why when it is not a JSON object of that
// shape.
func decodeResponse(data []byte) (*gqlResponse, error) {
	var r gqlResponse
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// graphQLResult reads a GraphQL response: data, with its secrets already redacted from the
// decoded strings and compact (attempt.read: redact.Set.JSON writes compact JSON), and r, its
// decoding. data is not compacted again: that pass was a fifth of reading a 1.5 KB answer. Errors are data for the model: it reads
// the server's message and decides what to do. ok is false when data is not a GraphQL
// response at all. The text is bounded last.
//
// IsError (MCP's "the tool call failed") is set only when no root field answered. Data next to
// field errors (one FORBIDDEN field, common under federation) is a call that worked in part:
// some hosts drop an isError result's content, and the errors stay in the text either way.
// The outcome is graphql_errors in both cases.
func graphQLResult(data []byte, r *gqlResponse) (Result, bool) {
	if r == nil || (r.Data == nil && len(r.Errors) == 0) {
		return Result{}, false
	}
	if len(r.Errors) == 0 {
		return Result{Text: Bound(string(data)), Data: dataOf(r), Outcome: OK}, true
	}
	out := struct {
		Data   json.RawMessage `json:"data"`
		Errors []modelError    `json:"errors"`
	}{Data: r.Data, Errors: make([]modelError, len(r.Errors))}
	if out.Data == nil {
		out.Data = json.RawMessage("null")
	}
	for i, e := range r.Errors {
		out.Errors[i] = modelError{Message: e.Message, Path: e.Path, Extensions: e.codes()}
	}
	text, err := json.Marshal(out)
	if err != nil {
		return Result{}, false
	}
	failed := isNull(r.Data) || rootsNull(r.Data)
	return Result{Text: Bound(string(text)), Data: dataOf(r), IsError: failed, Outcome: GraphQLErrors}, true
}

// dataOf is the response's data, nil when it is absent or null.
func dataOf(r *gqlResponse) json.RawMessage {
	if isNull(r.Data) {
		return nil
	}
	return r.Data
}

// authFailed reports whether the server refused the caller's identity before anything ran, so
// that logging in again and re-sending the same bytes is safe: HTTP 401, or a response with no
// data whose errors are all auth-coded. An auth error next to data is a field-level permission
// (the operation ran; a retry would repeat a write), so it is handed back as data. For a write
// that got as far as execution (a "data" key, even null: the GraphQL spec leaves it out only
// for errors raised before execution begins), each error must name the root field itself: an
// error deeper down means the write's resolver returned, which means the write happened, and
// one with no path cannot say where it was raised (a gateway's, after a subgraph's 401 on a
// field of the answer, nulls the whole data too), so the write is never sent twice on it.
//
// A read whose every root field is null counts as no data: a federation gateway turns a
// subgraph's HTTP 401 into HTTP 200 with {"data":{"me":null}} and an UNAUTHENTICATED error
// without a path. A write does not: that error names no field, so it cannot tell "refused
// before the write" from "the write ran, then a fetch for its answer was refused".
func authFailed(status int, r *gqlResponse, mutation bool, codes ...string) bool {
	if len(codes) == 0 {
		codes = DefaultAuthErrorCodes()
	}
	if status == http.StatusUnauthorized {
		return true
	}
	if r == nil || len(r.Errors) == 0 || !(isNull(r.Data) || !mutation && rootsNull(r.Data)) {
		return false
	}
	executed := len(bytes.TrimSpace(r.Data)) > 0 // the response has a data key
	for _, e := range r.Errors {
		if !e.authCoded(codes) || mutation && executed && pathDepth(e.Path) != 1 {
			return false
		}
	}
	return true
}

func (e gqlError) authCoded(codes []string) bool {
	return slices.Contains(codes, string(e.Extensions.Code)) || slices.Contains(codes, string(e.Extensions.Classification))
}

func isNull(raw json.RawMessage) bool {
	return len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null"
}

// rootsNull reports whether data is an object whose every root field is null.
func rootsNull(raw json.RawMessage) bool {
	var roots map[string]json.RawMessage
	if json.Unmarshal(raw, &roots) != nil || roots == nil {
		return false
	}
	for _, v := range roots {
		if !isNull(v) {
			return false
		}
	}
	return true
}

// pathDepth is the number of elements of an error's path; 0 when it has none.
func pathDepth(raw json.RawMessage) int {
	var path []json.RawMessage
	if json.Unmarshal(raw, &path) != nil {
		return 0
	}
	return len(path)
}
