package opbuild

import (
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// namerSchema: sessions without a name, named by their user; a status named by its user too.
// Inside the user's own tool the reference would lead back to the user, so it is left out;
// a session reached from a login gets it; the user tool's own entity (the root) never does.
const namerSchema = `
type Query {
  user(id: ID!): User
  login(id: ID!): Login
  session(id: ID!): Session
}
type User { id: ID! name: String! sessions(limit: Int): [Session!]! status: Status }
type Session { id: ID! expires: String user: User! }
type Status { id: ID! message: String user: User! }
type Login { id: ID! ok: Boolean! session: Session }
`

// TestNamerLeadsNowhereBack: a naming reference is selected where it names something new.
func TestNamerLeadsNowhereBack(t *testing.T) {
	s := gqlparser.MustLoadSchema(&ast.Source{Name: "schema.graphql", Input: namerSchema})
	for field, want := range map[string]string{
		"user":    "query Tool_user($id: ID!) { user(id: $id) { id name sessions(limit: 5) { id expires } status { id message } } }",
		"login":   "query Tool_login($id: ID!) { login(id: $id) { id ok session { id expires user { id name } } } }",
		"session": "query Tool_session($id: ID!) { session(id: $id) { id expires user { id name } } }",
	} {
		r, err := New(s).Build("query", s.Query.Fields.ForName(field), Options{})
		if err != nil {
			t.Fatalf("%s: %v", field, err)
		}
		if r.Text != want {
			t.Errorf("%s:\n got %s\nwant %s", field, r.Text, want)
		}
	}
}
