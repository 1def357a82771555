package moviedb

// This file is GraphQL over HTTP: POST application/json {query, variables, operationName} at
// /graphql, a 1 MiB body cap, and a JSON error body for every refusal. GraphQL-level failures are
// 200 responses with an errors array, as Spring for GraphQL answers them.

import (
	"bytes"
	"encoding/json"
	"errors"
	"log"
	"mime"
	"net/http"

	graphql "github.com/graph-gophers/graphql-go"
	gqlerrors "github.com/graph-gophers/graphql-go/errors"
)

// maxBodyBytes caps a request body; a real query is a few KiB.
const maxBodyBytes = 1 << 20

// handler serves one state's schema.
type handler struct {
	schema *graphql.Schema
	st     *state
}

// request is the GraphQL-over-HTTP request body.
type request struct {
	Query         string         `json:"query"`
	OperationName string         `json:"operationName"`
	Variables     map[string]any `json:"variables"`
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if status, msg := checkRequest(r); status != 0 {
		if status == http.StatusMethodNotAllowed {
			w.Header().Set("Allow", http.MethodPost)
		}
		writeError(w, status, msg)
		return
	}
	var req request
	if status, msg := decodeBody(w, r, &req); status != 0 {
		writeError(w, status, msg)
		return
	}
	if qe := precheck(req.Query, req.OperationName, req.Variables); qe != nil {
		writeJSON(w, http.StatusOK, &graphql.Response{Errors: []*gqlerrors.QueryError{qe}})
		return
	}
	ctx := withCaller(r.Context(), h.st.userByName(tokenSubject(r.Header.Get("Authorization"))))
	writeJSON(w, http.StatusOK, h.schema.Exec(ctx, req.Query, req.OperationName, req.Variables))
}

// checkRequest refuses wrong paths, methods and content types before the body is read.
func checkRequest(r *http.Request) (int, string) {
	if r.URL.Path != "/graphql" {
		return http.StatusNotFound, "not found: the GraphQL endpoint is POST /graphql"
	}
	if r.Method != http.MethodPost {
		return http.StatusMethodNotAllowed, "method " + r.Method + " not allowed: send POST /graphql"
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return http.StatusUnsupportedMediaType, "unsupported content type: send application/json"
	}
	return 0, ""
}

// decodeBody reads at most maxBodyBytes of JSON into req.
func decodeBody(w http.ResponseWriter, r *http.Request, req *request) (int, string) {
	var body bytes.Buffer
	if _, err := body.ReadFrom(http.MaxBytesReader(w, r.Body, maxBodyBytes)); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return http.StatusRequestEntityTooLarge, "request body too large: the limit is 1 MiB"
		}
		return http.StatusBadRequest, "reading request body: " + err.Error()
	}
	if err := json.Unmarshal(body.Bytes(), req); err != nil {
		return http.StatusBadRequest, "malformed JSON body: " + err.Error()
	}
	if req.Query == "" {
		return http.StatusBadRequest, "missing query: the body must be {\"query\": \"...\"}"
	}
	return 0, ""
}

// writeError writes a refusal in the GraphQL error shape, so clients parse one format.
func writeError(w http.ResponseWriter, status int, message string) {
	qe := &gqlerrors.QueryError{Message: message, Extensions: map[string]any{"classification": classBadRequest}}
	writeJSON(w, status, &graphql.Response{Errors: []*gqlerrors.QueryError{qe}})
}

// writeJSON writes v without HTML escaping (as Jackson does) and without a trailing newline.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		log.Printf("moviedb: encoding a response: %v", err)
		status, buf = http.StatusInternalServerError, *bytes.NewBufferString(`{"errors":[{"message":"internal error"}]}` + "\n")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// recoverer turns a panic anywhere below it into a logged 500 instead of a dropped connection.
func recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.Printf("moviedb: panic serving %s: %v", r.URL.Path, v)
				writeError(w, http.StatusInternalServerError, "internal error")
			}
		}()
		next.ServeHTTP(w, r)
	})
}
