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
		Code           string `json:"code"`
		Classification string `json:"classification"`
	} `json:"extensions"`
}

// modelError is what the model sees of a GraphQL error: message and path, nothing internal.
type modelError struct {
	Message string          `json:"message"`
	Path    json.RawMessage `json:"path,omitempty"`
}

// decodeResponse decodes a response body; nil when it is not a JSON object of that shape.
func decodeResponse(data []byte) *gqlResponse {
	var r gqlResponse
	if json.Unmarshal(data, &r) != nil {
		return nil
	}
	return &r
}

// graphQLResult reads a GraphQL response: data, with its secrets already redacted from the
// decoded strings (attempt.read), and r, its decoding. Errors are data for the model: it reads
// the server's message and decides what to do. ok is false when data is not a GraphQL
// response at all. The text is bounded last.
func graphQLResult(data []byte, r *gqlResponse) (Result, bool) {
	if r == nil || (r.Data == nil && len(r.Errors) == 0) {
		return Result{}, false
	}
	if len(r.Errors) == 0 {
		return Result{Text: Bound(compact(data)), Outcome: OK}, true
	}
	out := struct {
		Data   json.RawMessage `json:"data"`
		Errors []modelError    `json:"errors"`
	}{Data: r.Data, Errors: make([]modelError, len(r.Errors))}
	if out.Data == nil {
		out.Data = json.RawMessage("null")
	}
	for i, e := range r.Errors {
		out.Errors[i] = modelError{Message: e.Message, Path: e.Path}
	}
	text, err := json.Marshal(out)
	if err != nil {
		return Result{}, false
	}
	return Result{Text: Bound(string(text)), IsError: true, Outcome: GraphQLErrors}, true
}

// authFailed reports whether the server refused the caller's identity before anything ran, so
// that logging in again and re-sending the same bytes is safe: HTTP 401, or a response with no
// data whose errors are all auth-coded. An auth error next to data is a field-level permission
// (the operation ran; a retry would repeat a write), so it is handed back as data. For a write
// the errors must also sit at the root field or above: an auth error deeper down means the
// write's resolver returned, which means the write happened.
func authFailed(status int, r *gqlResponse, mutation bool, codes ...string) bool {
	if len(codes) == 0 {
		codes = DefaultAuthErrorCodes()
	}
	if status == http.StatusUnauthorized {
		return true
	}
	if r == nil || len(r.Errors) == 0 || !isNull(r.Data) {
		return false
	}
	for _, e := range r.Errors {
		if !e.authCoded(codes) || (mutation && pathDepth(e.Path) > 1) {
			return false
		}
	}
	return true
}

func (e gqlError) authCoded(codes []string) bool {
	return slices.Contains(codes, e.Extensions.Code) || slices.Contains(codes, e.Extensions.Classification)
}

func isNull(raw json.RawMessage) bool {
	return len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null"
}

// pathDepth is the number of elements of an error's path; 0 when it has none.
func pathDepth(raw json.RawMessage) int {
	var path []json.RawMessage
	if json.Unmarshal(raw, &path) != nil {
		return 0
	}
	return len(path)
}

// compact removes insignificant whitespace: the model pays for every character.
func compact(data []byte) string {
	var buf bytes.Buffer
	if json.Compact(&buf, data) != nil {
		return string(data)
	}
	return buf.String()
}
