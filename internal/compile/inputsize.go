package compile

// This file bounds each tool's input schema. Every tool's schema goes to the model with every
// request, so a schema of thousands of nested input types (a 98 KB schema of 4,000 chained
// types once gave a 28,035-token tool) costs every call of every run. The bound is on the
// finished schema's bytes: deterministic, independent of the tokenizer, and the unit the
// runtime already bounds arguments in (64 KiB). At roughly 4 bytes a token it is ~16,000
// tokens, four times the largest tool of GitHub's whole public schema (createRepositoryRuleset,
// 16 KB); a tool that needs more should not be a tool. When it is exceeded, a walk of the GraphQL input types
// names the argument and the chain of types that made it big.

import (
	"fmt"
	"strings"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/opdoc"
	"github.com/vektah/gqlparser/v2/ast"
)

// MaxInputSchemaBytes is the hard limit on one tool's compact input schema.
const MaxInputSchemaBytes = 64 << 10

// saturated caps the inlined-size estimate so that no walk can overflow.
const saturated = 1 << 40

// checkInputSize reports a tool whose input schema is over MaxInputSchemaBytes, naming the
// heaviest argument, the chain of input types behind it and the override that drops it.
func (c *compiler) checkInputSize(tool string, kind catalog.Kind, schema []byte, op *ast.OperationDefinition, at func(msg, fix string)) bool {
	if len(schema) <= MaxInputSchemaBytes {
		return true
	}
	w := newInputWeigher(c.schema)
	var heaviest *ast.VariableDefinition
	for _, v := range op.VariableDefinitions {
		if heaviest == nil || w.weight(v.Type.Name()) > w.weight(heaviest.Type.Name()) {
			heaviest = v
		}
	}
	msg := fmt.Sprintf("tool %q: its input schema is %d bytes, over the limit of %d", tool, len(schema), MaxInputSchemaBytes)
	if heaviest == nil {
		at(msg, "write "+c.overrideFile(tool)+" with a smaller operation")
		return false
	}
	if def := c.schema.Types[heaviest.Type.Name()]; def != nil && def.Kind == ast.Enum {
		msg += fmt.Sprintf(": argument $%s takes the enum %s, of %d values", heaviest.Variable, def.Name, len(def.EnumValues))
		at(msg, c.dropFix(tool, kind, heaviest))
		return false
	}
	chain := w.chain(heaviest.Type.Name())
	msg += fmt.Sprintf(": argument $%s reaches %d input types through %s", heaviest.Variable, len(chain), showChain(chain))
	at(msg, c.dropFix(tool, kind, heaviest))
	return false
}

// dropFix says how to write the override without the argument, or why there is none.
func (c *compiler) dropFix(tool string, kind catalog.Kind, v *ast.VariableDefinition) string {
	if v.Type.NonNull && !opdoc.HasDefault(v.DefaultValue) {
		return fmt.Sprintf("$%s is required, so no override can drop it: remove %s from the allow-list, or give the API a smaller input type for it", v.Variable, tool)
	}
	return fmt.Sprintf("write %s with %s Tool_%s declaring every variable but $%s, and pass no argument from $%s "+
		"(start from the generated operations/%s.graphql); the model then cannot send it", c.overrideFile(tool), kind, tool, v.Variable, v.Variable, tool)
}

// showChain names the types of a long chain by its ends.
func showChain(chain []string) string {
	if len(chain) <= 8 {
		return strings.Join(chain, " → ")
	}
	return strings.Join(chain[:4], " → ") + fmt.Sprintf(" → … %d more … → ", len(chain)-6) + strings.Join(chain[len(chain)-2:], " → ")
}

// inputWeigher estimates how big an input type is when inlined: each field counts 1 plus
// the weight of its input-object type, an enum one per value. A type already on the path counts 1 (a cycle is
// written once), so the estimate is finite for any schema.
type inputWeigher struct {
	schema   *ast.Schema
	memo     map[string]int
	visiting map[string]bool
}

func newInputWeigher(s *ast.Schema) *inputWeigher {
	return &inputWeigher{schema: s, memo: map[string]int{}, visiting: map[string]bool{}}
}

func (w *inputWeigher) weight(name string) int {
	def := w.schema.Types[name]
	if def != nil && def.Kind == ast.Enum {
		return max(1, len(def.EnumValues)) // each value is written out, as a field is
	}
	if def == nil || def.Kind != ast.InputObject || w.visiting[name] {
		return 1
	}
	if n, ok := w.memo[name]; ok {
		return n
	}
	w.visiting[name] = true
	n := 1
	for _, f := range def.Fields {
		n = min(n+w.weight(f.Type.Name()), saturated)
	}
	delete(w.visiting, name)
	w.memo[name] = n
	return n
}

// chain follows the heaviest input-object field from name until a leaf or a repeat.
func (w *inputWeigher) chain(name string) []string {
	var out []string
	seen := map[string]bool{}
	for name != "" && !seen[name] {
		def := w.schema.Types[name]
		if def == nil || def.Kind != ast.InputObject {
			break
		}
		seen[name] = true
		out = append(out, name)
		next, best := "", 0
		for _, f := range def.Fields {
			if t := f.Type.Name(); w.isInput(t) && w.weight(t) > best {
				next, best = t, w.weight(t)
			}
		}
		name = next
	}
	return out
}

func (w *inputWeigher) isInput(name string) bool {
	def := w.schema.Types[name]
	return def != nil && def.Kind == ast.InputObject
}
