package sensitive

import (
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

func TestIdentity(t *testing.T) {
	yes := []string{"userId", "user_id", "ownerId", "tenantID", "accountId", "customerId", "actorIds", "viewerLogin"}
	no := []string{"id", "movieId", "watchListId", "users", "userName", "titleId", "repositoryId"}
	for _, n := range yes {
		if !Identity(n) {
			t.Errorf("Identity(%q) = false, want true", n)
		}
	}
	for _, n := range no {
		if Identity(n) {
			t.Errorf("Identity(%q) = true, want false", n)
		}
	}
}

// TestIdentityIn: a name says who the request is made as (the actor, an id marked acting, a
// write's author), not whom it is for: a helpdesk's customerId, a followed userId, the ownerId
// of a new repository and a filter's authorId are targets, which the server's authorization
// checks.
func TestIdentityIn(t *testing.T) {
	yes := []string{"viewerId", "viewerLogin", "actorId", "actorIds", "requesterId", "principal_id", "tenantID",
		"currentUserId", "actingUserId", "asUserId", "onBehalfOfUserId", "impersonatedUserId", "sessionUserId",
		"authorId", "senderId", "creatorEmail", "authorEmail"}
	no := []string{"id", "movieId", "watchListId", "users", "userName", "titleId", "repositoryId",
		"userId", "user_id", "ownerId", "accountId", "customerId", "organizationId", "memberIds",
		"pushActorIds", "targetOwnerId", "providerAccountId", "repositoryOwnerLogin", "excludedTeamMemberIds"}
	for _, n := range yes {
		if !IdentityIn(n, nil) {
			t.Errorf("IdentityIn(%q) = false, want true", n)
		}
	}
	for _, n := range no {
		if IdentityIn(n, nil) {
			t.Errorf("IdentityIn(%q) = true, want false", n)
		}
	}
	for _, c := range []struct {
		name   string
		within []string
		want   bool
	}{
		{"authorId", []string{"filter"}, false},               // whose posts to list
		{"authorId", []string{"input"}, true},                 // whom a post is written as
		{"creatorId", []string{"where", "and"}, false},        // Hasura's nesting
		{"viewerId", []string{"filter"}, true},                // the actor, whatever the context
		{"actorId", []string{"input", "bypassActors"}, false}, // one of the listed actors
		{"customerId", []string{"input"}, false},              // the ticket's customer
		{"currentUserId", []string{"searchCriteria"}, true},
	} {
		if got := IdentityIn(c.name, c.within); got != c.want {
			t.Errorf("IdentityIn(%q, %q) = %v, want %v", c.name, c.within, got, c.want)
		}
	}
}

func TestWords(t *testing.T) {
	for in, want := range map[string]string{"accessToken": "access token", "API_KEY": "api key", "tenantID": "tenant id", "HTMLBody": "html body", "x2Factor": "x2 factor"} {
		ws := Words(in)
		got := ""
		for i, w := range ws {
			if i > 0 {
				got += " "
			}
			got += w
		}
		if got != want {
			t.Errorf("Words(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPersonal(t *testing.T) {
	yes := []string{"email", "primaryEmail", "phoneNumber", "phone", "dateOfBirth", "birthDate", "homeAddress", "ssn", "ipAddress"}
	no := []string{"id", "name", "emailVerified", "webAddress", "walletAddress", "addressCount", "title", "birthYear"}
	for _, n := range yes {
		if !Personal(n) {
			t.Errorf("Personal(%q) = false, want true", n)
		}
	}
	for _, n := range no {
		if Personal(n) {
			t.Errorf("Personal(%q) = true, want false", n)
		}
	}
}

func TestPersonalIn(t *testing.T) {
	s := gqlparser.MustLoadSchema(&ast.Source{Name: "s.graphql", Input: `
scalar SuiAddress
type Query { customer: Customer token: Token userEmail: UserEmail }
type Customer { email: String verifiedEmail: Boolean! billingAddress: Address ipAddress: String address: String shippingAddress: String walletAddress: String }
type Address { city: String zip: String }
type Token { address: String tokenAddress: String owner: SuiAddress ownerAddress: SuiAddress holder: Holder }
type Holder { address: Owner }
type Owner { address: SuiAddress balance: Int }
type UserEmail { address: String }
`})
	yes := []string{"Customer.email", "Customer.billingAddress", "Customer.ipAddress", "Customer.address", "Customer.shippingAddress", "UserEmail.address"}
	no := []string{"Customer.verifiedEmail", "Customer.walletAddress", "Token.address", "Token.tokenAddress", "Token.ownerAddress", "Holder.address", "Owner.address"}
	check := func(names []string, want bool) {
		for _, n := range names {
			typ, field, _ := strings.Cut(n, ".")
			parent := s.Types[typ]
			if got := PersonalIn(s, parent, parent.Fields.ForName(field)); got != want {
				t.Errorf("PersonalIn(%s) = %v, want %v", n, got, want)
			}
		}
	}
	check(yes, true)
	check(no, false)
}
