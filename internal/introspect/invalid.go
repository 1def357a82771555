package introspect

import (
	"errors"
	"fmt"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
)

// invalid turns gqlparser's verdict on the printed SDL, which the user has not seen (it is
// not written when it does not load), into an error naming the part of the introspection
// result at fault: Repo.issues, not introspection:46:205.
func invalid(sdl []byte, err error) error {
	var ge *gqlerror.Error
	if !errors.As(err, &ge) || len(ge.Locations) == 0 {
		return fmt.Errorf("the introspection result is not a valid schema: %v", err)
	}
	msg := ge.Message
	doc, perr := parser.ParseSchema(&ast.Source{Input: string(sdl)})
	if perr != nil {
		return fmt.Errorf("the introspection result is not a valid schema: %s", msg)
	}
	where := at(doc, ge.Locations[0].Line, ge.Locations[0].Column)
	return fmt.Errorf("the introspection result is not a valid schema: %s: %s (a damaged or cut answer, or the server's schema itself: save the whole answer again, or tell the API's owners)", where, msg)
}

// at names the last definition, field, argument or enum value that starts at or before line
// and col: the innermost one holding that position, as the SDL prints them in order.
func at(doc *ast.SchemaDocument, line, col int) string {
	where := "the schema"
	consider := func(p *ast.Position, name string) {
		if p != nil && (p.Line < line || p.Line == line && p.Column <= col) {
			where = name
		}
	}
	typ := func(t *ast.Type, name string) {
		if t != nil {
			consider(t.Position, name)
		}
	}
	args := func(owner string, as ast.ArgumentDefinitionList) {
		for _, a := range as {
			consider(a.Position, owner+"("+a.Name+":)")
			typ(a.Type, owner+"("+a.Name+":)")
		}
	}
	for _, s := range doc.Schema {
		consider(s.Position, "the schema definition")
		for _, o := range s.OperationTypes {
			consider(o.Position, "the "+string(o.Operation)+" root")
		}
	}
	for _, d := range doc.Directives {
		consider(d.Position, "@"+d.Name)
		args("@"+d.Name, d.Arguments)
	}
	for _, d := range doc.Definitions {
		consider(d.Position, d.Name)
		for _, f := range d.Fields {
			consider(f.Position, d.Name+"."+f.Name)
			args(d.Name+"."+f.Name, f.Arguments)
			typ(f.Type, d.Name+"."+f.Name) // after the arguments, on the same line

		}
		for _, v := range d.EnumValues {
			consider(v.Position, d.Name+"."+v.Name)
		}
	}
	return where
}
