package starter

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// The suggested login document fills toolrt's $username and $password into the API's own
// argument names, and validates against the schema: a gqlgen shop's input {email, password}
// failed with "unknown field" when the document passed $input through.
func TestLoginDocumentValidates(t *testing.T) {
	cases := []struct{ schema, want string }{{
		`type Query { me: User } type User { id: ID! }
		 input LoginInput { email: String! password: String! }
		 type LoginError { message: String! }
		 type AuthPayload { token: String user: User errors: [LoginError!] }
		 type Mutation { login(input: LoginInput!): AuthPayload! }`,
		"mutation Login($username: String!, $password: String!) { login(input: {email: $username, password: $password}) { token errors { message } } }",
	}, {
		`type Query { a: Int }
		 type Token { accessToken: String expiresAt: String }
		 type UserError { field: [String!] message: String! }
		 type TokenPayload { customerAccessToken: Token customerUserErrors: [UserError!]! }
		 input CustomerAccessTokenCreateInput { email: String! password: String! }
		 type Mutation { customerAccessTokenCreate(input: CustomerAccessTokenCreateInput!): TokenPayload }`,
		"mutation Login($username: String!, $password: String!) { customerAccessTokenCreate(input: {email: $username, password: $password}) { customerAccessToken { accessToken } customerUserErrors { message } } }",
	}, {
		`type Query { a: Int } type Mutation { tokenCreate(email: String!, password: String!): T } type T { token: String }`,
		"mutation Login($username: String!, $password: String!) { tokenCreate(email: $username, password: $password) { token } }",
	}, {
		`type Query { a: Int } type Mutation { addItem(name: String!): Int }`, "",
	}}
	for _, c := range cases {
		s := gqlparser.MustLoadSchema(&ast.Source{Input: c.schema})
		got := loginDocument(s)
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
		if got == "" {
			continue
		}
		if _, err := gqlparser.LoadQuery(s, got); err != nil {
			t.Errorf("%s does not validate: %v", got, err)
		}
	}
}
