package allowlist

// This file reads allowlist.yaml into a small node tree with goccy/go-yaml's parser, the one
// YAML parser toolgen uses: it gives every syntax error and every node its line and column, so
// a mistake of any kind is reported where it is.

import (
	"errors"

	goyaml "github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// nodeKind is what a node holds; the decoder needs no finer types than these.
type nodeKind int

const (
	scalarNode nodeKind = iota + 1
	sequenceNode
	mappingNode
	aliasNode // an unresolved *alias: the allow-list has no use for anchors
)

// node is one YAML node. Content holds a sequence's items, or a mapping's keys and values
// alternately; Value is a scalar's text (unquoted) and Null marks null, ~ or an empty value.
type node struct {
	Kind         nodeKind
	Null         bool
	Value        string
	Line, Column int
	Content      []*node
}

// parseYAML parses src. It returns its first document (nil when empty) and the start of a
// second one, which the caller refuses: it would otherwise be silently ignored.
func parseYAML(src []byte) (root, second *node, err error) {
	// Repeated keys are left to the decoder, whose message names the section and the fix.
	f, err := parser.ParseBytes(src, 0, parser.AllowDuplicateMapKey())
	if err != nil {
		return nil, nil, err
	}
	var docs []*ast.DocumentNode
	for _, doc := range f.Docs {
		if doc.Body != nil {
			docs = append(docs, doc)
		}
	}
	if len(docs) == 0 {
		return nil, nil, nil
	}
	if len(docs) > 1 {
		second = convert(docs[1].Body)
	}
	return convert(docs[0].Body), second, nil
}

// syntaxPos is where the parser stopped, and its message.
func syntaxPos(err error) (line, col int, msg string) {
	var se *goyaml.SyntaxError
	if errors.As(err, &se) {
		if se.Token != nil {
			return se.Token.Position.Line, se.Token.Position.Column, se.Message
		}
		return 0, 0, se.Message
	}
	return 0, 0, err.Error()
}

func convert(n ast.Node) *node {
	switch n := n.(type) {
	case *ast.MappingNode:
		out := at(mappingNode, n.Start)
		if !n.IsFlowStyle && len(n.Values) > 0 {
			out.Line, out.Column = line(n.Values[0].Key), col(n.Values[0].Key)
		}
		for _, kv := range n.Values {
			out.Content = append(out.Content, key(kv.Key), value(kv.Value, kv.Start))
		}
		return out
	case *ast.MappingValueNode: // a single key: value pair is a mapping of one
		return &node{Kind: mappingNode, Line: line(n.Key), Column: col(n.Key),
			Content: []*node{key(n.Key), value(n.Value, n.Start)}}
	case *ast.SequenceNode:
		out := at(sequenceNode, n.Start)
		for _, v := range n.Values {
			out.Content = append(out.Content, value(v, n.Start))
		}
		return out
	case *ast.AnchorNode:
		return value(n.Value, n.Start)
	case *ast.TagNode:
		return value(n.Value, n.Start)
	case *ast.AliasNode:
		return at(aliasNode, n.Start)
	case *ast.LiteralNode:
		out := at(scalarNode, n.Start)
		if n.Value != nil {
			out.Value = n.Value.Value
		}
		return out
	case *ast.NullNode:
		out := at(scalarNode, n.GetToken())
		out.Null = true
		if t := n.GetToken(); t != nil {
			out.Value = t.Value
		}
		return out
	case *ast.StringNode:
		out := at(scalarNode, n.GetToken())
		out.Value = n.Value
		return out
	case nil:
		return &node{Kind: scalarNode, Null: true}
	}
	out := at(scalarNode, n.GetToken()) // numbers, booleans, .inf, .nan, <<: their source text
	if t := n.GetToken(); t != nil {
		out.Value = t.Value
	}
	return out
}

// value converts a value, giving an empty one (`key:`) the position of what introduced it.
func value(n ast.Node, from *token.Token) *node {
	if n == nil {
		out := at(scalarNode, from)
		out.Null = true
		return out
	}
	return convert(n)
}

func key(k ast.MapKeyNode) *node {
	if k == nil {
		return &node{Kind: scalarNode, Null: true}
	}
	if mk, ok := k.(*ast.MappingKeyNode); ok { // ? key
		return value(mk.Value, mk.Start)
	}
	return convert(k)
}

func at(k nodeKind, t *token.Token) *node {
	out := &node{Kind: k}
	if t != nil {
		out.Line, out.Column = t.Position.Line, t.Position.Column
	}
	return out
}

func line(n ast.Node) int {
	if n == nil || n.GetToken() == nil {
		return 0
	}
	return n.GetToken().Position.Line
}

func col(n ast.Node) int {
	if n == nil || n.GetToken() == nil {
		return 0
	}
	return n.GetToken().Position.Column
}
