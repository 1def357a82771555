// Package toolgen compiles a GraphQL API into a reviewed catalog of tools for LLM agents.
//
// The module root carries the example inputs (schema.graphql, allowlist.yaml,
// tool-selections/) and the go:generate line that turns them into generated/.
package toolgen

import _ "embed"

//go:generate go run ./cmd/toolgen

// Schema is the example Movie Database schema: the file toolgen compiles and the demo server serves.
// It is a variable only because go:embed fills nothing else; treat it as read-only.
//
//go:embed schema.graphql
var Schema string
