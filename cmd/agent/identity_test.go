package main

import (
	"strings"
	"testing"
)

// A token the API refuses is named as the token, with what to do, and never printed.
func TestRefusedTokenSaysWhatToDo(t *testing.T) {
	const stale = "stale-token-XYZ123"
	t.Setenv("AGENT_TOKEN", stale)
	out, errText, code := runAgent(t, "", "call", "myWatchLists")
	if code != 1 || !strings.Contains(out, "the API refused the access token this agent was given") ||
		!strings.Contains(errText, "the API refused $AGENT_TOKEN for myWatchLists: it is expired, revoked or not a token of this API. Sign in again where it was issued") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errText)
	}
	if strings.Contains(out+errText, stale) {
		t.Errorf("the token was printed:\n%s%s", out, errText)
	}
}
