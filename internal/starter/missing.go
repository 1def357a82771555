package starter

// missing.go is toolgen init -new: after the API grows, the entries for the root fields an
// existing allow-list does not mention, as tools or commented out, in the starter's form, ready
// to paste under tools:. A reviewer decides each new field once: kept, or commented out.

import (
	"bytes"
	"fmt"
	"regexp"

	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/gqlschema"
	"github.com/toolgen/toolgen/internal/plural"
	"github.com/toolgen/toolgen/internal/tokencount"
)

// Missing returns starter entries for the root fields of the schema that allow (the text of
// allowPath) does not mention, each checked as Allowlist checks it.
func Missing(schema compile.Inputs, allowPath string, allow []byte, tokens *tokencount.Cache) ([]byte, diag.List) {
	s, ds := gqlschema.Load(schema.SchemaSources()...)
	if s == nil || ds.HasErrors() {
		return nil, ds
	}
	var fields []*field
	keys := mentioned(allow)
	for _, f := range rootFields(s) {
		if !keys[f.name] {
			fields = append(fields, f)
		}
	}
	if len(fields) == 0 {
		return fmt.Appendf(nil, "# Every root field of %s is in %s, as a tool or commented out.\n", schema.SchemaPath, allowPath), ds
	}
	caseClashes(fields)
	if pds := probe(schema, fields, tokens); pds.HasErrors() {
		return nil, pds
	}
	if lds := lint(schema, fields, tokens); lds.HasErrors() {
		return nil, lds
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s of %s that %s does not mention, printed by toolgen init -new.\n", plural.Count(len(fields), "root field"), schema.SchemaPath, allowPath)
	b.WriteString("# Paste them under tools: and decide each: keep it, or leave it commented out so it is\n")
	b.WriteString("# not printed again.\n")
	active, queries, mutations := split(fields)
	sections(&b, active, queries, mutations)
	return b.Bytes(), ds
}

// keyLine is a line that starts with a key, commented out or not, quoted or not: the
// starter's "  name: {}" and "  # name: {}".
var keyLine = regexp.MustCompile(`(?m)^[ \t]*(?:#[ \t]*)?["']?([_A-Za-z][_0-9A-Za-z]*)["']?[ \t]*:`)

// mentioned is every key of the allow-list, as a tool or commented out, read once.
func mentioned(allow []byte) map[string]bool {
	keys := map[string]bool{}
	for _, m := range keyLine.FindAllSubmatch(allow, -1) {
		keys[string(m[1])] = true
	}
	return keys
}
