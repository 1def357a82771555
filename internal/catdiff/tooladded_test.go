package catdiff

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/catalog"
)

// TestToolAddedAudience: a new tool's message says who can call it and what it asks for, the
// security reviewer's first questions (a helpdesk's assignTicket said neither).
func TestToolAddedAudience(t *testing.T) {
	assign := catalog.Tool{Name: "assignTicket", Kind: catalog.Mutation, Roles: []string{"support", "admin"}, Approval: catalog.ApprovalRequired, Tokens: 54,
		InputSchema: schema(`{"type":"object","properties":{"id":{"type":"string"},"assigneeId":{"type":"string"}},"required":["id"]}`)}
	github := catalog.Tool{Name: "addStar", Kind: catalog.Mutation, Roles: []string{}, Approval: catalog.ApprovalNone, Tokens: 30, SingleObjectArgument: "input",
		InputSchema: schema(`{"type":"object","properties":{"input":{"$ref":"#/$defs/AddStarInput"}},"required":["input"],
			"$defs":{"AddStarInput":{"type":"object","properties":{"starrableId":{"type":"string"},"clientMutationId":{"type":"string"}},"required":["starrableId"]}}}`)}
	roles := map[string]catalog.Role{"admin": {}, "support": {}, "viewer": {}}
	for _, tc := range []struct {
		roles map[string]catalog.Role
		tool  catalog.Tool
		want  string
	}{
		{roles, assign, `tool "assignTicket" was added (mutation, 54 tokens, approval required; inputs id, optional assigneeId) for roles admin, support: a mutation with approval required`},
		{roles, github, `tool "addStar" was added (mutation, 30 tokens, approval none; inputs input.starrableId, optional input.clientMutationId) for every role (admin, support, viewer): a mutation with approval none`},
		{nil, assign, `tool "assignTicket" was added (mutation, 54 tokens, approval required; inputs id, optional assigneeId) for every process (the catalog declares no roles): a mutation with approval required`},
	} {
		d := &differ{old: &catalog.Catalog{Roles: tc.roles}, new: &catalog.Catalog{Roles: tc.roles, Tools: []catalog.Tool{tc.tool}}}
		d.toolAdded(&tc.tool)
		if diff := cmp.Diff(tc.want, d.changes[0].Message); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.tool.Name, diff)
		}
	}
}
