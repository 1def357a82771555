package exec

// This file words a failed request for the model. The details stay in the log under a
// reference id (transport errors carry hostnames, addresses and server internals); the text
// says only what the model can act on: whether the same request may succeed later (a timeout,
// an unreachable or overloaded server, a rate limit) or will fail the same way (a server error
// on this request, an answer that is not GraphQL), so that it does not retry for nothing.

import (
	"fmt"
	"net/http"
	"strings"
)

// failure is one failed request's result. A write's outcome is unknown whatever the cause:
// the server may have applied it before failing.
func (c *Client) failure(a attempt, mutation bool, detail string) Result {
	ref := NewRef()
	why, transient := failureText(a)
	c.logger().Warn("tool request failed", "ref", ref, "status", a.status, "timeout", isTimeout(a.err), "transient", transient, "detail", detail)
	res := Result{IsError: true, Outcome: Failed, Status: a.status, Bytes: a.size, Ref: ref}
	res.Text = fmt.Sprintf(`{"error":%q,"ref":%q}`, why, ref)
	if mutation {
		res.Outcome = Unknown
		res.Text = fmt.Sprintf(`{"error":"the outcome of this write is unknown: it may or may not have been applied. Read the current state before trying again.","ref":%q}`, ref)
	}
	return res
}

// failureText says what went wrong with a read and whether trying again later may help.
func failureText(a attempt) (text string, transient bool) {
	switch {
	case isTimeout(a.err):
		return "the API did not answer in time; it may be busy: try again in a moment, or ask for less", true
	case a.err != nil:
		return "the API could not be reached; try again later", true
	case a.status == http.StatusTooManyRequests:
		return "the API is limiting how often it is called (HTTP 429); wait a while before calling it again", true
	case a.status == http.StatusBadGateway || a.status == http.StatusServiceUnavailable || a.status == http.StatusGatewayTimeout:
		return fmt.Sprintf("the API is unavailable right now (HTTP %d); try again in a moment", a.status), true
	case a.status >= 500:
		return fmt.Sprintf("the API failed on this request with an internal error (HTTP %d); repeating it unchanged is unlikely to help: tell the user if it matters", a.status), false
	case a.decodeErr != nil && strings.Contains(a.decodeErr.Error(), "exceeded max depth"):
		return fmt.Sprintf("the API's answer (HTTP %d) is nested too deeply to read; repeating the request will not help: ask for less, or tell the user", a.status), false
	}
	return fmt.Sprintf("the API's answer (HTTP %d) is not a GraphQL response; repeating the request will not help: tell the user", a.status), false
}
