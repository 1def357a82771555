package jsonschema

// This file decides what a scalar is in JSON: the built-in GraphQL scalars, the allow-list's
// scalars: mapping, and sensible defaults for the custom scalars most APIs share (JSON is any
// value, DateTime a date-time string, UInt53 an integer, BigInt a string). File uploads cannot be sent by an agent:
// an optional one is left out of the input, and the compiler refuses a tool that requires one.

import (
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// WithScalars returns a Mapper that writes each named custom scalar with the given schema (the
// allow-list's scalars: section); the schemas are copied where they are used.
func (m *Mapper) WithScalars(scalars map[string]Object) *Mapper {
	c := *m
	c.scalars = scalars
	return &c
}

// FileUpload reports whether a scalar's name says it carries a file (multipart uploads).
func FileUpload(name string) bool {
	switch normalize(name) {
	case "upload", "file", "fileupload", "multipartfile", "uploadfile":
		return true
	}
	return false
}

// Omitted reports whether values of the named type cannot be sent by a model: an unmapped
// file-upload scalar.
func (m *Mapper) Omitted(typeName string) bool {
	def := m.schema.Types[typeName]
	if def == nil || def.Kind != ast.Scalar || def.BuiltIn || !FileUpload(def.Name) {
		return false
	}
	_, mapped := m.scalars[def.Name]
	return !mapped
}

// LeftOut reports whether an optional input field stays out of the input schemas and the Go
// types: an unmapped file upload, which an agent cannot send; Relay's clientMutationId, which
// only echoes back in the payload (every GitHub and PostGraphile mutation input has one; the
// model would read and fill it for nothing); and a deprecated field, which the API asks callers
// to stop sending (Shopify's Admin API offered 198 of them, ProductInput's among them). A
// required one is never left out (a deprecated one is marked "deprecated": true).
func (m *Mapper) LeftOut(field, typeName string, required, deprecated bool) bool {
	return !required && (m.Omitted(typeName) || field == "clientMutationId" || deprecated)
}

// scalar is the schema of a scalar type.
func (m *Mapper) scalar(def *ast.Definition) Object {
	switch def.Name {
	case "Int":
		// GraphQL's Int is 32-bit, yet no bounds are written: "minimum"/"maximum" cost ~15
		// tokens per Int in every tool list (every root field: GitHub 45,293 -> 46,106 tool
		// tokens, Hasura 51,184 -> 54,034), for a mistake the server refuses while coercing
		// variables, before anything runs. The runtime checks the range of Int variables from
		// the operation document instead (internal/args, graphql.go).
		return Object{{"type", "integer"}}
	case "Float":
		return Object{{"type", "number"}}
	case "Boolean":
		return Object{{"type", "boolean"}}
	case "String", "ID":
		return Object{{"type", "string"}}
	}
	if s, ok := m.scalars[def.Name]; ok {
		return append(Object{}, s...) // describe edits the top level in place
	}
	if AmbiguousTime(def) && Gqlgen(m.schema) {
		return Object{{"type", "string"}, {"format", "date-time"}}
	}
	return builtinScalar(def)
}

// AmbiguousTime reports whether a custom scalar is named Time: graphql-scalars' Time is a time of
// day (10:15:30Z, format "time", the default), gqlgen's built-in one an RFC 3339 date-time
// (graphql.UnmarshalTime), which a server refuses hh:mm:ss for. toolgen init lists it as a
// guess to check.
func AmbiguousTime(def *ast.Definition) bool {
	return def != nil && def.Kind == ast.Scalar && !def.BuiltIn && normalize(def.Name) == "time"
}

// Gqlgen reports whether the schema is a gqlgen server's: it declares gqlgen's @goModel or
// @goField, as gqlgen's docs ask (gqlgen itself adds them to the schema it serves). Its Time is
// then gqlgen's date-time unless gqlgen.yml maps it to a model of its own.
func Gqlgen(s *ast.Schema) bool {
	return s != nil && (s.Directives["goModel"] != nil || s.Directives["goField"] != nil)
}

// DefaultScalar is the schema toolgen writes for a custom scalar the allow-list does not map.
func DefaultScalar(s *ast.Schema, def *ast.Definition) Object {
	return (&Mapper{schema: s}).scalar(def)
}

// Guessed reports whether a custom scalar's default schema is the plain string of a name no
// rule knows (not JSON, a date, a URL, a sized integer, a big number, a file, …): the reviewer
// should say what it is, since only a person knows that a ChainId is a number (toolgen init
// lists these scalars).
func Guessed(def *ast.Definition) bool {
	if def == nil || def.Kind != ast.Scalar || def.BuiltIn || FileUpload(def.Name) {
		return false
	}
	name := normalize(def.Name)
	if bigNumbers[name] || awsScalars[name] != nil {
		return false
	}
	s := builtinScalar(def)
	return len(s) >= 1 && s[0].Key == "type" && s[0].Value == "string" && (len(s) == 1 || s[1].Key == "description")
}

// bigNumbers are the scalars of numbers a double would round, which APIs take as decimal digits
// in a string: the string default is the rule for them, not a guess.
var bigNumbers = map[string]bool{
	"bigint": true, "biginteger": true, "long": true, "int64": true, "uint64": true, "int128": true,
	"uint128": true, "int256": true, "uint256": true, "decimal": true, "bigdecimal": true, "bigfloat": true,
}

// builtinScalar is the default schema of a custom scalar, by its name: JSON-valued scalars
// take any value (the model must not wrap an object in a string), date, time, URL, UUID and
// e-mail scalars are strings with a format, sized and signed integer scalars are integers
// (Sui's UInt53 parses only a JSON number), and everything else is a string that keeps the
// scalar's own description, since only the description says how to write it (a big number in
// decimal digits, an address with a leading 0x).
func builtinScalar(def *ast.Definition) Object {
	str := func(format string) Object { return Object{{"type", "string"}, {"format", format}} }
	name := normalize(def.Name)
	if s, ok := awsScalars[name]; ok {
		return append(Object{}, s...)
	}
	switch name {
	case "json", "jsonvalue", "anyjson", "genericscalar", "any", "objectscalar":
		return Object{}
	case "jsonobject", "jsonobjectscalar":
		return Object{{"type", "object"}}
	case "datetime", "datetimeiso", "iso8601datetime", "datetimeutc", "instant", "offsetdatetime":
		return str("date-time")
	case "date", "localdate", "isodate":
		return str("date")
	case "time", "localtime":
		return str("time")
	case "url", "uri", "httpurl":
		return str("uri")
	case "uuid", "guid":
		return str("uuid")
	case "email", "emailaddress":
		return str("email")
	}
	if s := integerScalar(name); s != nil {
		return s
	}
	s := Object{{"type", "string"}}
	if d := strings.TrimSpace(def.Description); d != "" {
		s = append(s, Member{"description", d})
	}
	return s
}

// awsScalars are AWS AppSync's scalars, by AppSync's rules: AWSDateTime requires a time zone
// offset (RFC 3339's date-time), AWSTime does not (so it is no format "time", which requires
// one), AWSTimestamp is seconds since the epoch, and an AWSJSON variable is a string holding
// JSON: AppSync refuses an object there.
var awsScalars = map[string]Object{
	"awsdate":      {{"type", "string"}, {"format", "date"}},
	"awsdatetime":  {{"type", "string"}, {"format", "date-time"}},
	"awstime":      {{"type", "string"}, {"description", "hh:mm:ss.sss, optionally with a time zone offset"}},
	"awstimestamp": {{"type", "integer"}, {"description", "seconds since the Unix epoch"}},
	"awsemail":     {{"type", "string"}, {"format", "email"}},
	"awsurl":       {{"type", "string"}, {"format", "uri"}},
	"awsjson":      {{"type", "string"}, {"description", "JSON encoded as a string, e.g. \"{\\\"a\\\":1}\""}},
	"awsphone":     {{"type", "string"}, {"description", "a phone number, with + and the country code when international"}},
	"awsipaddress": {{"type", "string"}, {"description", "an IPv4 or IPv6 address, optionally with a CIDR prefix"}},
}

// integerScalar is the schema of an integer scalar that fits a JSON number exactly (53 bits or
// fewer, or unsized), with its sign as a bound; nil for any other name. 64-bit and unbounded
// integers stay strings: APIs take them as decimal digits, because a double would round them.
func integerScalar(name string) Object {
	switch name {
	case "int8", "int16", "int32", "int53", "safeint", "integer":
		return Object{{"type", "integer"}}
	case "uint", "uint8", "uint16", "uint32", "uint53", "unsignedint", "nonnegativeint":
		return Object{{"type", "integer"}, {"minimum", 0}}
	case "positiveint":
		return Object{{"type", "integer"}, {"minimum", 1}}
	case "nonpositiveint":
		return Object{{"type", "integer"}, {"maximum", 0}}
	case "negativeint":
		return Object{{"type", "integer"}, {"maximum", -1}}
	}
	return nil
}

// normalize lower-cases a name and drops underscores and hyphens: JSONObject, Json_Object and
// jsonobject are one name. It runs for every scalar of every input, so it allocates once.
func normalize(name string) string {
	b := make([]byte, 0, len(name))
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '_' || c == '-':
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// JSONType is the JSON type a custom scalar's schema gives its values: "string", "integer",
// "object", …, or "" when it takes any JSON value (or several types).
func (m *Mapper) JSONType(name string) string {
	def := m.schema.Types[name]
	if def == nil || def.Kind != ast.Scalar {
		return ""
	}
	for _, k := range m.scalar(def) {
		if t, ok := k.Value.(string); ok && k.Key == "type" {
			return t
		}
	}
	return ""
}
