package args

import (
	"encoding/json"
	"strings"
)

// Codes of argument errors, stable for tests and for the model.
const (
	CodeTooLarge     = "too_large"
	CodeInvalidJSON  = "invalid_json"
	CodeDuplicateKey = "duplicate_key"
	CodeTooDeep      = "too_deep"
	CodeInvalid      = "invalid_arguments" // the schema refused the arguments
)

// Problem is one thing wrong with the arguments, at a JSON-pointer path ("" is the whole object).
type Problem struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// Error is a refusal of a tool's arguments. Its JSON form is what the model receives.
type Error struct {
	Code     string    `json:"error"`
	Problems []Problem `json:"problems"`
}

func newError(code, path, msg string) *Error {
	return &Error{Code: code, Problems: []Problem{{Path: path, Message: msg}}}
}

func (e *Error) Error() string {
	parts := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		where := p.Path
		if where == "" {
			where = "(root)"
		}
		parts[i] = where + ": " + p.Message
	}
	return "arguments " + e.Code + ": " + strings.Join(parts, "; ")
}

// JSON renders the error as the structured result handed to the model.
func (e *Error) JSON() string {
	b, err := json.Marshal(e)
	if err != nil { // cannot happen: strings only
		return `{"error":"` + e.Code + `"}`
	}
	return string(b)
}
