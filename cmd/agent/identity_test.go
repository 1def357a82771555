package main

import (
	"strings"
	"testing"
)

// A token the API refuses is named as the token, with what to do, and never printed; with the
// default header the message says where the token went and how to name another header, and
// the API's own (redacted) answer is logged under a reference id.
func TestRefusedTokenSaysWhatToDo(t *testing.T) {
	const stale = "stale-token-XYZ123"
	t.Setenv("AGENT_TOKEN", stale)
	out, errText, code := runAgent(t, "", "call", "myWatchLists")
	if code != 1 || !strings.Contains(out, "the API refused the access token this agent was given") ||
		!strings.Contains(errText, "the API refused $AGENT_TOKEN for myWatchLists: it is expired, revoked, not a token of this API, or sent in a header the API does not read. Sign in again where it was issued") ||
		!strings.Contains(errText, `It went out as "Authorization: Bearer …"; if the API reads its token from another header, name it with -token-header`) ||
		!strings.Contains(errText, `msg="the API refused the token" ref=ref-`) || !strings.Contains(errText, "Unauthorized") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errText)
	}
	if strings.Contains(out+errText, stale) {
		t.Errorf("the token was printed:\n%s%s", out, errText)
	}
}
