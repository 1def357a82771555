package args

// This file widens and narrows the validator's copy of a tool's schema with what GraphQL says
// and the model's schema leaves out to stay compact: where null is accepted, and the 32-bit
// range of an Int variable. The schema the model reads is never changed; the arguments are
// sent exactly as written, nulls included, but for an integer in an ID variable, sent as its
// digits in a string (ids.go; docs/security.md, "Argument checks").

import "encoding/json"

// Type is a variable's type as the tool's operation declares it: a named type, or a list of
// Elem, each possibly non-null.
type Type struct {
	Named   string
	Elem    *Type
	NonNull bool
}

// The range of GraphQL's Int, a signed 32-bit integer.
const (
	minInt = -1 << 31
	maxInt = 1<<31 - 1
)

// gqlNode is the validator's view of GraphQL types, applied to the parsed schema document in
// place: vars are the operation's variables by name.
func gqlNode(doc map[string]any, vars map[string]Type) {
	for _, d := range mapOf(doc["$defs"]) {
		nested(d)
	}
	props, _ := doc["properties"].(map[string]any)
	for name, p := range props {
		nested(p)
		if t, ok := vars[name]; ok {
			props[name] = variable(p, t)
		}
	}
}

// nested lets null through for the input fields that are surely nullable: an input field the
// schema makes optional without a default. A non-null field without a default is required;
// one with a default looks like a nullable one with a default, so null stays refused there
// (the catalog cannot tell them apart, and leaving the field out gives the default). The
// fields of a @oneOf input (minProperties = maxProperties = 1) must not be null, and list
// items are refused null below the variables, where the catalog does not say.
func nested(n any) {
	node, ok := n.(map[string]any)
	if !ok {
		return
	}
	if items, ok := node["items"].(map[string]any); ok {
		nested(items)
	}
	props, ok := node["properties"].(map[string]any)
	if !ok || node["type"] != "object" || node["additionalProperties"] != false {
		return // not an input object as the compiler writes one (a scalar's own schema, say)
	}
	required := map[string]bool{}
	for _, r := range list(node["required"]) {
		if s, ok := r.(string); ok {
			required[s] = true
		}
	}
	oneOf := isOne(node["minProperties"]) && isOne(node["maxProperties"])
	for name, p := range props {
		nested(p)
		_, hasDefault := mapOf(p)["default"]
		switch {
		case required[name]:
			notNull(p)
		case !hasDefault && !oneOf:
			props[name] = orNull(p)
		}
	}
}

// variable applies the operation's declared type to a variable's schema: null where the type
// (or a list's item type) is nullable, and Int's 32-bit range. The model's schema leaves that
// range out on purpose (internal/jsonschema, scalar): it is checked here for the variables,
// where the document says which are Int, and by the server below them.
func variable(n any, t Type) any {
	node := mapOf(n)
	if node == nil {
		return n
	}
	if t.Elem != nil {
		if items, ok := node["items"]; ok {
			node["items"] = variable(items, *t.Elem)
		}
	} else if t.Named == "Int" {
		setIfAbsent(node, "minimum", json.Number("-2147483648"))
		setIfAbsent(node, "maximum", json.Number("2147483647"))
	}
	if !t.NonNull {
		return orNull(node)
	}
	notNull(node)
	return node
}

// notNull refuses null for a non-null position whose schema takes any JSON value (a JSON
// scalar's {}): every other schema the compiler writes has a type that null fails already.
func notNull(n any) {
	node := mapOf(n)
	for _, k := range []string{"type", "$ref", "enum", "const", "anyOf"} {
		if _, ok := node[k]; ok || node == nil {
			return
		}
	}
	node["not"] = map[string]any{"type": "null"}
}

// orNull is s or null: the null branch's failure is left out of the problems (collect).
func orNull(s any) any {
	return map[string]any{"anyOf": []any{map[string]any{"type": "null"}, s}}
}

func setIfAbsent(node map[string]any, key string, v any) {
	if _, ok := node[key]; !ok {
		node[key] = v
	}
}

func mapOf(v any) map[string]any { m, _ := v.(map[string]any); return m }
func list(v any) []any           { l, _ := v.([]any); return l }

func isOne(v any) bool {
	n, ok := v.(json.Number)
	return ok && n.String() == "1"
}
