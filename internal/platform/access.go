package platform

// access.go names the directives by which a platform's server checks who may read a field:
// Apollo Federation's @authenticated, @requiresScopes and @policy (the router enforces them), and
// AppSync's @aws_iam, @aws_cognito_user_pools, … (AppSync does). toolgen does not enforce them;
// the review page says which a tool's operation meets, so a reviewer knows what credentials an
// agent needs and which selected fields come back null without them.

import (
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// accessSpecs are the access directives by their spec names, as Access reports them.
var accessSpecs = []string{"authenticated", "requiresScopes", "policy"}

// accessNames maps the schema's names of its access directives to their spec names.
func (p *Platform) accessNames(s *ast.Schema) map[string]string {
	m := map[string]string{}
	for _, l := range p.links {
		for _, spec := range accessSpecs {
			// federation/v2.5+ exports all three; a supergraph links each spec on its own.
			if l.spec == "federation" || l.spec == spec {
				m[l.local("@"+spec)] = spec
			}
		}
	}
	for name := range s.Directives {
		if strings.HasPrefix(name, "aws_") && name != "aws_subscribe" && name != "aws_publish" && name != "aws_canonical" {
			m[name] = name
		}
	}
	for name := range m {
		if s.Directives[name] == nil {
			delete(m, name)
		}
	}
	return m
}

// AccessDirectives maps the names of a loaded schema's access directives (as the schema writes
// them: @primaryScopes if it imports @requiresScopes under that name) to their platform names:
// authenticated, requiresScopes, policy, or AppSync's aws_iam, aws_cognito_user_pools, ….
func AccessDirectives(s *ast.Schema) map[string]string { return recall(s).access }
