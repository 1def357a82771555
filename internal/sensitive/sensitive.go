// Package sensitive classifies field and argument names: which read as a credential (never
// selected by default, never asked of the model) and which name the acting identity (it should
// come from the login, not from the model). The default selection and the lints share it so
// that what the compiler leaves out and what a lint flags can never disagree.
package sensitive

import (
	"strings"
	"unicode"
)

// Words splits a GraphQL name into lower-case words: camelCase, PascalCase, snake_case and
// digits all split, so "apiKey", "API_KEY" and "apikey" are told apart only where they must be.
func Words(name string) []string {
	var out []string
	var cur []rune
	rs := []rune(name)
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == ' ':
			flush()
			continue
		case unicode.IsUpper(r) && i > 0:
			prevLower := unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1])
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if prevLower || (nextLower && unicode.IsUpper(rs[i-1])) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return out
}

// credentialLast are last words that make a name a credential: "accessToken", "client_secret".
var credentialLast = map[string]bool{
	"token": true, "secret": true, "password": true, "passwd": true, "passphrase": true,
	"apikey": true, "otp": true, "cvv": true, "cvc": true, "pin": true, "totp": true,
	"credential": true, "credentials": true, "pat": true, // a personal access token: githubPat
}

// credentialPairs are two-word endings that read as a credential: "apiKey", "privateKey",
// "passwordHash", "secretKey", "signingKey".
var credentialPairs = map[[2]string]bool{
	{"api", "key"}: true, {"private", "key"}: true, {"secret", "key"}: true, {"signing", "key"}: true,
	{"access", "key"}: true, {"password", "hash"}: true, {"password", "digest"}: true,
	{"client", "secret"}: true, {"session", "id"}: true, {"session", "key"}: true,
	{"encryption", "key"}: true, {"card", "number"}: true, {"security", "code"}: true,
}

// notCredential are names that end like a credential but are not one: a page cursor, a count of
// tokens, a token's metadata.
var notCredentialFirst = map[string]bool{"next": true, "prev": true, "previous": true, "page": true, "continuation": true, "pagination": true, "cursor": true}

// predicateFirst are first words of a name that asks a yes-or-no question about what follows.
var predicateFirst = map[string]bool{"has": true, "is": true, "can": true, "should": true, "was": true, "needs": true, "requires": true, "allows": true}

// Credential reports whether a field or argument name reads as a secret: a token, secret,
// password, API or private key, one-time code or card code. "nextPageToken"-style cursors and
// names that only count or describe tokens ("tokenCount", "tokenType", "expiresAt") are not.
func Credential(name string) bool {
	ws := Words(name)
	if len(ws) == 0 || len(ws) > 1 && predicateFirst[ws[0]] {
		return false // hasFoundVerificationToken, isPasswordSet: a yes or no about a secret
	}
	last := ws[len(ws)-1]
	if len(ws) >= 2 && credentialPairs[[2]string{ws[len(ws)-2], last}] {
		return true
	}
	if !credentialLast[last] {
		return false
	}
	for _, w := range ws[:len(ws)-1] {
		if notCredentialFirst[w] {
			return false // nextPageToken, paginationToken: a cursor, not a secret
		}
	}
	return true
}

// identityFirst are the entities whose id names who is acting.
var identityFirst = map[string]bool{
	"user": true, "owner": true, "tenant": true, "account": true, "customer": true,
	"member": true, "actor": true, "viewer": true, "author": true, "organization": true,
	"org": true, "principal": true, "requester": true, "creator": true,
}

// Identity reports whether an input name names the acting identity: userId, ownerId, tenantId,
// accountId, customerId, actorId and the like, in any casing. Identity should come from the
// login, so a model that chooses one chooses whom it acts as.
func Identity(name string) bool {
	ws := Words(name)
	if len(ws) < 2 {
		return false
	}
	last := ws[len(ws)-1]
	if last != "id" && last != "ids" && last != "uuid" && last != "email" && last != "login" {
		return false
	}
	return identityFirst[ws[len(ws)-2]]
}
