package catdiff

import (
	"encoding/json"
	"testing"
)

// TestSensitiveField: without a schema, the enclosing field or fragment type is the context.
func TestSensitiveField(t *testing.T) {
	for p, want := range map[string]bool{
		"/uiExtensionSessionToken/value":         true,  // a token object's value
		"/uiExtensionSessionToken/expiresIn":     false, // its lifetime
		"/node/on UiExtensionSessionToken/value": true,
		"/metafield/value":                       false,
		"/customer/googlePay/authJwt":            true,
		"/customer/email":                        true, // personal data
		"/viewer/nextPageToken":                  false,
	} {
		if got := sensitiveField(p); got != want {
			t.Errorf("sensitiveField(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestSensitiveInput: an object, an enum or a flag holds no secret itself; a filter's operator
// holds what its field names.
func TestSensitiveInput(t *testing.T) {
	for _, c := range []struct {
		schema, name, via string
		want              bool
	}{
		{`{"type":"string"}`, "password", "", true},
		{`{"type":"object","properties":{"token":{"type":"string"}}}`, "hubToken", "query", false},
		{`{"type":"array","items":{"type":"object"}}`, "credentials", "remoteToken", false},
		{`{"type":"string","enum":["asc","desc"]}`, "access_token", "order_by", false},
		{`{"type":"string"}`, "_eq", "access_token", true},
		{`{"type":"string"}`, "_eq", "provider", false},
		{`{"type":"boolean"}`, "userId", "", false},
		{`{"type":"string"}`, "userId", "", true},
	} {
		var m map[string]any
		if err := json.Unmarshal([]byte(c.schema), &m); err != nil {
			t.Fatal(err)
		}
		if got := sensitiveInput(inputField(node{m: m, root: m}, c.name, c.via)); got != c.want {
			t.Errorf("sensitiveInput(%s %s under %q) = %v, want %v", c.name, c.schema, c.via, got, c.want)
		}
	}
}
