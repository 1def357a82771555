// This file gives each tool the words run-time search ranks it by beyond its name and
// description (catalog.Keywords): what the model would otherwise only learn from the schema.

package compile

import (
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/toolsearch"
	"github.com/vektah/gqlparser/v2/ast"
)

// builtinScalars say nothing about what a tool does; every tool's arguments have them.
var builtinScalars = map[string]bool{"String": true, "ID": true, "Int": true, "Float": true, "Boolean": true}

// keywords are the words of the operation's variables (their names, their types and the values
// of those that are enums, and the same for the fields of the input objects they take, one
// level down: GitHub's closeIssue(input: CloseIssueInput!) says issueId and stateReason only
// there, addReaction says THUMBS_UP only in its enum) and of the root field's result type.
func (c *compiler) keywords(field *ast.FieldDefinition, op *ast.OperationDefinition) *catalog.Keywords {
	var args words
	for _, v := range op.VariableDefinitions {
		args.add(v.Variable)
		c.typeWords(&args, v.Type)
		if def := c.schema.Types[v.Type.Name()]; def != nil && def.Kind == ast.InputObject {
			for _, f := range def.Fields {
				args.add(f.Name)
				c.typeWords(&args, f.Type)
			}
		}
	}
	var returns words
	returns.typ(field.Type)
	if len(args.list) == 0 && len(returns.list) == 0 {
		return nil
	}
	return &catalog.Keywords{Args: args.list, Returns: returns.list}
}

// words collects lowercase words once each, in the order first met.
type words struct {
	list []string
	seen map[string]bool
}

func (w *words) add(name string) {
	if w.seen == nil {
		w.seen = map[string]bool{}
	}
	for _, s := range toolsearch.Words(name) {
		if !w.seen[s] {
			w.seen[s] = true
			w.list = append(w.list, s)
		}
	}
}

// typeWords adds a type's name and, for an enum, its values.
func (c *compiler) typeWords(w *words, t *ast.Type) {
	w.typ(t)
	if def := c.schema.Types[t.Name()]; def != nil && def.Kind == ast.Enum {
		for _, v := range def.EnumValues {
			w.add(v.Name)
		}
	}
}

func (w *words) typ(t *ast.Type) {
	if name := t.Name(); !builtinScalars[name] {
		w.add(name)
	}
}
