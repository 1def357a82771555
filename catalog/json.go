package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Marshal renders the catalog as catalog.json: two-space indent, trailing newline, no HTML
// escaping (descriptions are shown to people and models verbatim). It seals the file: the
// digest field holds the hash of the bytes with that field empty, and c.Digest is set to it.
func Marshal(c *Catalog) ([]byte, error) {
	c.Digest = ""
	blank, err := MarshalJSON(c)
	if err != nil {
		return nil, err
	}
	sum, err := selfDigest(blank)
	if err != nil {
		return nil, err
	}
	c.Digest = sum
	// The digest's blank value is the only difference: fill it in rather than encode the
	// whole catalog again (selfDigest found the key, so the splice is where it looked).
	i := bytes.Index(blank, digestKey) + len(digestKey)
	out := make([]byte, 0, len(blank)+len(sum))
	out = append(append(append(out, blank[:i]...), sum...), blank[i:]...)
	return out, nil
}

// MarshalJSON renders any value in the house JSON style used for every generated JSON file.
func MarshalJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil // Encode already ends with a newline
}

// Parse reads catalog.json and refuses a file of another format or encoding, so a runtime
// never executes a catalog it does not understand.
func Parse(data []byte) (*Catalog, error) {
	var c Catalog
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("catalog: %w; this is not a catalog.json toolgen wrote (pass the one in its output folder, such as generated/catalog.json), or one of an older format: regenerate it with toolgen", err)
	}
	if c.GeneratedBy != GeneratedBy {
		return nil, fmt.Errorf("catalog: generatedBy is %q, want %q; this file was not made by toolgen", c.GeneratedBy, GeneratedBy)
	}
	if c.Encoding != Encoding {
		return nil, fmt.Errorf("catalog: encoding is %q, want %q; regenerate it with this version of toolgen", c.Encoding, Encoding)
	}
	seen := map[string]bool{}
	for i, t := range c.Tools {
		switch {
		case t.Name == "":
			return nil, fmt.Errorf("catalog: tools[%d] has no name", i)
		case seen[t.Name]:
			return nil, fmt.Errorf("catalog: tool %q appears twice", t.Name)
		case t.Kind != Query && t.Kind != Mutation:
			return nil, fmt.Errorf("catalog: tool %q has kind %q, want query or mutation", t.Name, t.Kind)
		case t.Approval != ApprovalRequired && t.Approval != ApprovalNone:
			return nil, fmt.Errorf("catalog: tool %q has approval %q, want required or none", t.Name, t.Approval)
		case t.Operation == "" || t.OperationName == "":
			return nil, fmt.Errorf("catalog: tool %q has no operation", t.Name)
		case !json.Valid(t.InputSchema):
			return nil, fmt.Errorf("catalog: tool %q has no valid inputSchema", t.Name)
		}
		seen[t.Name] = true
	}
	return &c, nil
}
