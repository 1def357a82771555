package toolrt

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"

	"github.com/toolgen/toolgen/internal/args"
)

// prepared is a checked call ready to send: these exact bytes are hashed, shown, approved and sent.
type prepared struct {
	body      []byte
	variables json.RawMessage // the variables exactly as they appear inside body
	sha       [32]byte
	repaired  bool
}

// prepare runs the argument steps: size and parse, repair, integer IDs to strings, validate,
// build the exact body.
func prepare(t *tool, raw []byte) (*prepared, error) {
	v, err := args.Parse(raw)
	if err != nil {
		return nil, err
	}
	v, repaired := t.schema.Repair(v, t.SingleObjectArgument)
	v, _ = t.schema.CoerceIDs(v)
	if err := t.schema.Validate(v); err != nil {
		return nil, err
	}
	variables, err := encode(v)
	if err != nil {
		return nil, err
	}
	body, err := encode(struct {
		Query         string          `json:"query"`
		Variables     json.RawMessage `json:"variables"`
		OperationName string          `json:"operationName"`
	}{t.Operation, variables, t.OperationName})
	if err != nil {
		return nil, err
	}
	return &prepared{body: body, variables: variables, sha: sha256.Sum256(body), repaired: repaired}, nil
}

// encode writes compact JSON without HTML escaping, so the human reads <, > and & as typed.
// Map keys come out sorted: the same arguments always give the same body and the same hash,
// which is what lets a repeated denied call be recognised.
func encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
