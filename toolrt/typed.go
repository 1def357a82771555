package toolrt

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/toolgen/toolgen/toolrt/audit"
)

// CallArgs is Call with typed arguments: args (a generated argument struct) is marshalled to
// the tool's input JSON and the call takes the same path as a model's, gate, budget and audit
// included. The generated Tools methods call it.
func (run *Run) CallArgs(ctx context.Context, name string, args any) (Result, error) {
	raw, err := json.Marshal(args)
	if err != nil {
		msg, _ := json.Marshal(map[string]string{"error": fmt.Sprintf("the arguments cannot be written as JSON: %v", err)})
		res := refused(string(msg))
		res.Decision = audit.InvalidArgs
		return res, run.Refuse(name, audit.InvalidArgs)
	}
	return run.Call(ctx, name, raw)
}
