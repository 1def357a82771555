package opbuild

// This file recognises Relay connections and selects them: the nodes (preferred over
// edges { node }), pageInfo { hasNextPage endCursor } at the root so the agent can page forward,
// and the connection's own counts. Side lists and edges beside nodes are left out, and so are
// the edges' cursors, unless pageInfo has no endCursor: then a root connection's edges carry them.

import "github.com/vektah/gqlparser/v2/ast"

// conn is what makes a type a connection: the list field to select and its node type.
type conn struct {
	list  *ast.FieldDefinition // nodes, or edges
	edges bool
	node  *ast.FieldDefinition // the field whose named type is the node type
	// cursor is the edge's cursor when pageInfo has no endCursor: then it is the only place the
	// next page starts, and a root connection selects it.
	cursor *ast.FieldDefinition
}

// connection returns how t is a connection, or nil when it is not one.
func (b *Builder) connection(t *ast.Definition) *conn {
	if c, ok := b.connCache[t.Name]; ok {
		return c
	}
	c := b.findConnection(t)
	b.connCache[t.Name] = c
	return c
}

func (b *Builder) findConnection(t *ast.Definition) *conn {
	if t.Kind != ast.Object {
		return nil
	}
	pi := t.Fields.ForName("pageInfo")
	if pi == nil || b.named(pi) == nil || b.named(pi).Fields.ForName("hasNextPage") == nil {
		return nil
	}
	var edges *conn
	if e := t.Fields.ForName("edges"); e != nil && isList(e.Type) && b.named(e) != nil {
		if n := b.named(e).Fields.ForName("node"); n != nil {
			edges = &conn{list: e, edges: true, node: n}
			if c := b.named(e).Fields.ForName("cursor"); c != nil && isLeaf(b.named(c)) && b.named(pi).Fields.ForName("endCursor") == nil {
				edges.cursor = c // Shopify's Partner API: PageInfo { hasNextPage hasPreviousPage }
			}
		}
	}
	if n := t.Fields.ForName("nodes"); n != nil && isList(n.Type) && !needsArgs(n) && (edges == nil || edges.cursor == nil) {
		return &conn{list: n, node: n}
	}
	return edges
}

// connectionFields selects, in t's declaration order, the list field, pageInfo when root, and
// every other non-deprecated, non-list leaf (totalCount and the like).
func (b *Builder) connectionFields(t *ast.Definition, c *conn, pageSize int, root bool) []*node {
	var out []*node
	for _, f := range t.Fields {
		switch {
		case f == c.list:
			if n := b.connectionList(c, pageSize, root); n != nil {
				out = append(out, n)
			}
		case f.Name == "pageInfo":
			if root {
				out = append(out, b.pageInfo(f))
			}
		case isLeaf(b.named(f)) && !isList(f.Type) && !needsArgs(f) && !b.avoided(f) && !introspection(f) && !b.secretLooking(t, f):
			out = append(out, field(f, nil)) // counts; side lists such as filters are left out
		}
	}
	return out
}

// connectionList is nodes { X } or edges { node { X } }, repeated pageSize times. A root
// connection's nodes are the tool's primary entities: the fit phase trims them but keeps their
// detail form, because a summary alone drops every value the agent asked for.
func (b *Builder) connectionList(c *conn, pageSize int, root bool) *node {
	nt := b.named(c.node)
	var x []*node
	switch {
	case isLeaf(nt):
	case isAbstract(nt) && root:
		x = b.abstractResult(nt, false)
	case isAbstract(nt):
		x = b.rowsOf(nt, b.abstract(nt, false))
	default:
		if g := b.entityGroup(nt, root); g != nil {
			if root {
				g = b.rowNamer(g, nt)
			} else {
				g = b.nestedRow(g, nt)
			}
			x = []*node{g}
		} else {
			// a node without leaves of its own (Shopify's CollectionConditionsSourcesByApp { app
			// sources }) is expanded as an abstract type's member is: a page of empty nodes says nothing
			x = b.expand(nt, expansion{depth: 2, listDepth: 1, path: []string{nt.Name}})
		}
	}
	if len(x) == 0 && !isLeaf(nt) {
		return nil
	}
	inner := field(c.node, x)
	if c.edges {
		inner.mult = 1 // the edge is the list; its node is one object
		kids := []*node{inner}
		if root && c.cursor != nil {
			// without pageInfo.endCursor the last edge's cursor is where the next page starts:
			// the Partner API's transactions answered hasNextPage and no way to ask for it
			kids = []*node{field(c.cursor, nil), inner}
		}
		inner = field(c.list, kids)
	}
	inner.mult = pageSize
	return inner
}

// pageInfo selects what paging forward needs: whether there is more, and where to resume.
func (b *Builder) pageInfo(f *ast.FieldDefinition) *node {
	pt := b.named(f)
	kids := []*node{field(pt.Fields.ForName("hasNextPage"), nil)}
	if ec := pt.Fields.ForName("endCursor"); ec != nil {
		kids = append(kids, field(ec, nil))
	}
	return field(f, kids)
}
