package lint_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/githubschema"
)

// gitHubErrors are the lint errors GitHub's schema has with every root field allow-listed, each
// one defended in a comment. The README quotes them.
var gitHubErrors = []string{
	// Personal access tokens of the migration source: the model would hold a PAT.
	`credential-input: tool "createMigrationSource" asks the model for input.accessToken`,
	`credential-input: tool "createMigrationSource" asks the model for input.githubPat`,
	`credential-input: tool "startOrganizationMigration" asks the model for input.sourceAccessToken`,
	`credential-input: tool "startRepositoryMigration" asks the model for input.accessToken`,
	`credential-input: tool "startRepositoryMigration" asks the model for input.githubPat`,
	// "The invitation token sent with the invitation email": whoever holds it joins the enterprise.
	`credential-input: tool "enterprise" asks the model for invitationToken`,
	`credential-input: tool "enterpriseAdministratorInvitationByToken" asks the model for invitationToken`,
	`credential-input: tool "enterpriseMemberInvitationByToken" asks the model for invitationToken`,
	// "Temporary authentication token for cloning this repository."
	`secret-in-selection: tool "repository" returns repository.tempCloneToken`,
	// A domain verification token is published in DNS, but only after a person decides to: a
	// suppression with that reason is the right answer, and the error makes someone write it.
	`secret-in-selection: tool "regenerateVerifiableDomainToken" returns regenerateVerifiableDomainToken.verificationToken`,
	// Identical descriptions: the model cannot tell the classic and V2 project tools apart, nor
	// one code of conduct from the list of all (GitHub's documentation repeats itself).
	`near-duplicate-description: "createProject" and "createProjectV2" have the same description`,
	`near-duplicate-description: "updateProject" and "updateProjectV2" have the same description`,
	`near-duplicate-description: "codeOfConduct" and "codesOfConduct" have the same description`,
}

// TestGitHubFindings compiles GitHub's 278 root fields with the lints at their own levels and
// counts the findings per rule (the README quotes the counts). Every error must be one of the
// defended ones above; a new error is either a true finding to add there or a false one to fix.
func TestGitHubFindings(t *testing.T) {
	schema, allow, n := githubschema.AllRoots(t)
	_, ds := compile.Compile(compile.Inputs{SchemaPath: "github.graphql", Schema: schema, AllowlistPath: "allowlist.yaml", Allowlist: allow})
	counts := map[string]int{}
	var errs []string
	for _, d := range ds {
		rule, _, ok := strings.Cut(d.Message, ": ")
		if !ok {
			t.Errorf("not a lint diagnostic: %s", d)
			continue
		}
		sev := "warning"
		if d.Severity == diag.Error {
			sev = "error"
			errs = append(errs, d.Message)
		}
		counts[rule+" "+sev]++
	}
	var lines []string
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		lines = append(lines, fmt.Sprintf("%s: %d", k, counts[k]))
	}
	t.Logf("%d tools, %d findings:\n%s", n, len(ds), strings.Join(lines, "\n"))
	for _, e := range errs {
		if !slices.ContainsFunc(gitHubErrors, func(want string) bool { return strings.HasPrefix(e, want) }) {
			t.Errorf("undefended lint error on GitHub: %s", e)
		}
	}
	for _, want := range gitHubErrors {
		if !slices.ContainsFunc(errs, func(e string) bool { return strings.HasPrefix(e, want) }) {
			t.Errorf("defended error no longer reported (remove it from the list): %s", want)
		}
	}
}
