package catdiff

import (
	"fmt"
	"math"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/answersize"
)

// This file follows a tool's page size across a change. Removing the page-size argument (or its
// default) breaks no call that leaves it out, but each answer is then as long as the server makes
// it: the journey's searchCustomers lost limit (default 10) and the only change reported was the
// breaking removal, while CATALOG.md's estimate even fell, an unbounded list counting at 5.

// pageBound is the page size a tool's input schema sets: the first input named in
// answersize.PageSizeArgs (at the top level, or in the tool's single object argument, as
// input.first), with its default; def is 0 when it has none.
type pageBound struct {
	name, path string
	def        int
}

func pageBoundOf(t *catalog.Tool) pageBound {
	obj, prefix, path := parseSchema(t.InputSchema).resolved(), "", rootPath
	if arg := t.SingleObjectArgument; arg != "" {
		if p, ok := obj.properties()[arg]; ok {
			obj, prefix, path = p.resolved(), arg+".", pointer(rootPath, "properties", arg)
		}
	}
	props := obj.properties()
	for _, name := range answersize.PageSizeArgs {
		if p, ok := props[name]; ok {
			return pageBound{name: prefix + name, path: pointer(path, "properties", name), def: intDefault(p)}
		}
	}
	return pageBound{}
}

// intDefault is a schema's default when it is a positive whole number, else 0.
func intDefault(n node) int {
	f, ok := n.resolved().m["default"].(float64)
	if !ok || f < 1 || f != math.Trunc(f) || f > math.MaxInt32 {
		return 0
	}
	return int(f)
}

// pageSize reports a page size that no longer bounds the answer, and says on a changed or new
// default of a page-size input what it does to the answer's length.
func (d *differ) pageSize(o, n *catalog.Tool) {
	ob, nb := pageBoundOf(o), pageBoundOf(n)
	switch {
	case ob.def > 0 && nb.name == "":
		c := d.add("page-size-unbounded", n.Name, ob.path, fmt.Sprintf("tool %q no longer takes a page size (%s, default %d, is gone): an answer now holds as many items as the server returns, where it held at most %d",
			n.Name, ob.name, ob.def, ob.def), ob.def, nil)
		c.flag(FlagCost)
	case ob.def > 0 && nb.def == 0:
		c := d.add("page-size-unbounded", n.Name, nb.path, fmt.Sprintf("input %s of %q no longer defaults to %d: a call that leaves it out gets as many items as the server returns",
			nb.name, n.Name, ob.def), ob.def, nil)
		c.flag(FlagCost)
	case nb.def > 0 && ob.def == 0:
		d.annotate(n.Name, nb.path, fmt.Sprintf(" (the page size: a call that leaves it out now gets at most %d items, where the server decided)", nb.def))
	case nb.def > 0 && ob.def != nb.def && ob.name == nb.name:
		d.annotate(n.Name, nb.path, fmt.Sprintf(" (the page size: an answer holds up to %d items, was %d)", nb.def, ob.def))
	}
}

// annotate appends note to the change of tool at path (a new input) or at its default.
func (d *differ) annotate(tool, path, note string) {
	for i := range d.changes {
		c := &d.changes[i]
		if c.Tool == tool && (c.Path == path && c.ID == "input-optional-property-added" || c.Path == path+"/default" && c.ID == "input-default-changed") {
			c.Message += note
		}
	}
}
