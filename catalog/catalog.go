// Package catalog is the compiled tool catalog: the one intermediate form that the compiler
// builds, the emitters render and the runtime loads. It uses the standard library only, because
// it is the contract between build time (gqlparser, jennifer, tiktoken) and run time (none of them).
package catalog

import (
	"encoding/json"
	"slices"
	"strings"
)

// Format markers written into every catalog.json; the runtime refuses any other value.
const (
	GeneratedBy = "toolgen"
	Encoding    = "o200k_base"
	// ToolgenVersion is written as "toolgen" so a reviewer sees which release compiled a catalog.
	// It is a constant, not the module's build info, so that the same inputs give the same bytes
	// whether toolgen runs from this checkout, `go tool` or `go install`.
	ToolgenVersion = "0.3.0"
)

// Kind is the GraphQL operation type of a tool.
type Kind string

// The two kinds a tool can have; subscriptions are never tools.
const (
	Query    Kind = "query"
	Mutation Kind = "mutation"
)

// Approval says whether a human must approve each call of a tool before it is sent.
type Approval string

// Approval values; mutations default to ApprovalRequired.
const (
	ApprovalRequired Approval = "required"
	ApprovalNone     Approval = "none"
)

// Catalog is the whole compiled catalog. Field order is the order of keys in catalog.json.
type Catalog struct {
	GeneratedBy string `json:"generatedBy"`
	Encoding    string `json:"encoding"`
	// Toolgen is the ToolgenVersion that compiled the catalog.
	Toolgen string `json:"toolgen"`
	// Inputs is "sha256:<hex>" of the schema, the allow-list and the overrides (InputsDigest).
	Inputs string `json:"inputs"`
	// Digest is "sha256:<hex>" of this catalog.json with the digest's own value empty: Marshal
	// writes it, and it shows a hand edit (see VerifyDigest).
	Digest string          `json:"digest"`
	Roles  map[string]Role `json:"roles"` // encoding/json sorts map keys: stable output
	Tools  []Tool          `json:"tools"` // schema order: Query fields, then Mutation fields

	// Types are the input objects and enums that the tools' variables reach, in first-reached
	// order, then the enums only their answers hold. They feed the Go emitter; catalog.json leaves them out because inputSchema already
	// describes them to reviewers and to the runtime.
	Types []Type `json:"-"`
	// ScalarTypes gives the JSON type ("integer", "object", …, or "" for any JSON value) of each
	// custom scalar the input schemas do not write as a string, for the Go emitter.
	ScalarTypes map[string]string `json:"-"`
}

// Role is one declared role with the totals of the tools it sees.
type Role struct {
	Description string `json:"description,omitempty"`
	Tools       int    `json:"tools"`
	Tokens      int    `json:"tokens"`
	MaxTokens   int    `json:"maxTokens,omitempty"`
}

// Tool is one allow-listed root field compiled into an executable, described operation.
type Tool struct {
	Name        string          `json:"name"`
	Title       string          `json:"title,omitempty"` // for people (MCP hosts show it); not sent to models
	Kind        Kind            `json:"kind"`
	Description string          `json:"description"`
	Roles       []string        `json:"roles"` // empty: every role sees the tool
	InputSchema json.RawMessage `json:"inputSchema"`
	// Operation is the exact document the runtime sends, on one line.
	Operation     string   `json:"operation"`
	OperationName string   `json:"operationName"`
	Tokens        int      `json:"tokens"`
	Approval      Approval `json:"approval"`
	// SingleObjectArgument names the operation's only variable when that variable is an input
	// object; the runtime may then wrap flattened arguments under it.
	SingleObjectArgument string `json:"singleObjectArgument,omitempty"`
	// Selection says where the document came from: "generated" or "override".
	Selection string `json:"selection"`
	// Notes are reviewer-facing remarks about the selection (summarized, trimmed, over budget).
	Notes []string `json:"notes,omitempty"`
	// Access lists what the server checks before it answers the operation (Apollo Federation's
	// @authenticated, @requiresScopes and @policy, AppSync's auth modes) on the root field, the
	// selected fields and the types they return, in selection order; toolgen enforces none of
	// it. It is in catalog.json so that toolgen diff sees a requirement dropped or changed; a
	// schema without such directives has none, and its catalog.json no "access" key.
	Access []Access `json:"access,omitempty"`
	// Keywords are the schema's words around the tool that its name and description may not
	// say, for run-time search (package toolsearch), so the runtime ranks tools without the
	// schema; nil when the tool has none.
	Keywords *Keywords `json:"keywords,omitempty"`

	// Document is Operation indented for review (generated/operations/<tool>.graphql).
	Document string `json:"-"`
	// Variables are the operation's variables in declaration order, for the Go emitter.
	Variables []Variable `json:"-"`
	// Answer is the shape of the data the operation selects, for the Go emitter's typed
	// answers; catalog.json leaves it out, as Operation already is the selection.
	Answer []Selected `json:"-"`
	// Review is what CATALOG.md shows beyond catalog.json (lint findings, the override's reason).
	Review Review `json:"-"`
}

// Keywords are lowercase words (toolsearch.Words), each once, in the order first met.
type Keywords struct {
	// Args: each variable's name, the fields of the input object it takes (one level), and the
	// names of their types other than GraphQL's built-in scalars.
	Args []string `json:"args,omitempty"`
	// Returns: the name of the root field's result type ("RepositoryConnection").
	Returns []string `json:"returns,omitempty"`
}

// Access is one place of an operation that the server lets only some callers read.
type Access struct {
	Where string `json:"where"` // "Query.addReview", or a type: "Post"
	Needs string `json:"needs"` // "scopes write:reviews", "AppSync IAM (SigV4) or AppSync API key"
}

// Variable is one operation variable.
type Variable struct {
	Name        string
	Type        TypeRef
	Description string
	Default     json.RawMessage // JSON value of the default, nil when there is none
}

// TypeRef is a GraphQL type reference: a named type, or a list of Elem, each possibly non-null.
type TypeRef struct {
	Named   string   // set when Elem is nil
	Elem    *TypeRef // set for lists
	NonNull bool
}

// String prints the reference in GraphQL syntax, e.g. [ID!]!.
func (t TypeRef) String() string {
	s := t.Named
	if t.Elem != nil {
		s = "[" + t.Elem.String() + "]"
	}
	if t.NonNull {
		s += "!"
	}
	return s
}

// Selected is one key of an answer object: a field the operation selects, merged across
// fragments and repeated selections as GraphQL merges them into one response key.
type Selected struct {
	Key         string  // the response key: the alias, else the field name
	Field       string  // the schema field ("__typename" for the type's name)
	Type        TypeRef // the field's type; not non-null when only some members carry the key
	Description string
	Fields      []Selected // an object's selection, in first-selected order; nil for leaves
	// Members are the fragments on narrower types of an interface or union, told apart by the
	// __typename among Fields; without one, their fields are merged into Fields instead.
	Members []Member
}

// Member is a fragment on some of the object types an interface or union field can hold.
type Member struct {
	On     string     // the type condition
	Types  []string   // the object types it applies to, in schema order
	Fields []Selected // its selection, beside the field's own Fields
}

// TypeKind is the kind of a named type in Types.
type TypeKind string

// Kinds of named types the catalog carries; scalars are described by their name alone.
const (
	InputObject TypeKind = "INPUT_OBJECT"
	Enum        TypeKind = "ENUM"
)

// Type is an input object or enum reached by some tool's variables.
type Type struct {
	Name        string
	Kind        TypeKind
	Description string
	Fields      []Field  // input objects
	Values      []string // enums, in declaration order
	OneOf       bool     // input object marked @oneOf: exactly one field must be set
}

// Field is one field of an input object.
type Field struct {
	Name        string
	Type        TypeRef
	Description string
	Default     json.RawMessage
}

// RootAccess is what the access line of the tool's root field says the API checks ("role
// STAFF"), "" when it has none. That line is the first when there is one (the walk starts at
// the root field), and it names the root field itself: Query.allOrders for tool allOrders,
// where a selected field's line names another type's field (Product.cost).
func (t *Tool) RootAccess() string {
	if len(t.Access) == 0 {
		return ""
	}
	if typ, ok := strings.CutSuffix(t.Access[0].Where, "."+t.Name); ok && typ != "" && !strings.Contains(typ, ".") {
		return t.Access[0].Needs
	}
	return ""
}

// VisibleTo reports whether role sees the tool: a tool without roles is seen by every role.
func (t *Tool) VisibleTo(role string) bool {
	return len(t.Roles) == 0 || slices.Contains(t.Roles, role)
}

// ForRole returns the tools role sees, in catalog order. An empty role sees every tool.
func (c *Catalog) ForRole(role string) []Tool {
	var out []Tool
	for _, t := range c.Tools {
		if role == "" || t.VisibleTo(role) {
			out = append(out, t)
		}
	}
	return out
}

// Tool returns the tool with the given name, or nil.
func (c *Catalog) Tool(name string) *Tool {
	for i := range c.Tools {
		if c.Tools[i].Name == name {
			return &c.Tools[i]
		}
	}
	return nil
}
