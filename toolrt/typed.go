package toolrt

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/toolgen/toolgen/toolrt/audit"
)

// ErrNoAnswer is a typed call that came back without data: refused before it was sent (invalid
// arguments, over budget, denied), or failed. The error's text and the Result say which.
var ErrNoAnswer = errors.New("no answer")

// CallArgs is Call with typed arguments and a typed answer: args (a generated argument struct)
// is marshalled to the tool's input JSON, the call takes the same path as a model's, gate,
// budget and audit included, and the API's data is decoded into answer (a pointer to the
// generated answer struct). The generated Tools methods call it.
//
// The error is nil only when answer was filled; data next to field errors fills it too (the
// Result's Outcome is then graphql_errors and its Text names the errors, and the failed fields
// are nil). Without data the error wraps ErrNoAnswer; the errors of Call come back as they are.
func (run *Run) CallArgs(ctx context.Context, name string, args, answer any) (Result, error) {
	raw, err := json.Marshal(args)
	if err != nil {
		msg, _ := json.Marshal(map[string]string{"error": fmt.Sprintf("the arguments cannot be written as JSON: %v", err)})
		res := refused(string(msg))
		res.Decision = audit.InvalidArgs
		if err := run.Refuse(name, audit.InvalidArgs); err != nil {
			return res, err
		}
		return res, fmt.Errorf("%s: %w: %s", name, ErrNoAnswer, res.Text)
	}
	res, err := run.Call(ctx, name, raw)
	switch {
	case err != nil:
		return res, err
	case res.Data == nil:
		return res, fmt.Errorf("%s: %w: %s", name, ErrNoAnswer, res.Text)
	}
	if err := json.Unmarshal(res.Data, answer); err != nil {
		// Only a scalar the allow-list does not map can differ from its generated Go type.
		return res, fmt.Errorf("%s: the answer does not fit its generated type (%w); map the scalar under scalars: in the allow-list, or read Result.Data", name, err)
	}
	return res, nil
}
