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
	for _, f := range rootFields(s) {
		if !mentioned(allow, f.name) {
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
	fmt.Fprintf(&b, "# %s of %s that %s does not mention, printed by toolgen init -new.\n", plural(len(fields), "root field"), schema.SchemaPath, allowPath)
	b.WriteString("# Paste them under tools: and decide each: keep it, or leave it commented out so it is\n")
	b.WriteString("# not printed again.\n")
	active, queries, mutations := split(fields)
	sections(&b, active, queries, mutations)
	return b.Bytes(), ds
}

// mentioned reports whether name is a key in the allow-list, as a tool or commented out (the
// starter's "# name: {}" lines): any line that starts with the key, quoted or not.
func mentioned(allow []byte, name string) bool {
	q := regexp.QuoteMeta(name)
	return regexp.MustCompile(`(?m)^[ \t]*(#[ \t]*)?(` + q + `|"` + q + `"|'` + q + `')[ \t]*:`).Match(allow)
}
