package sensitive

import "strings"

// LoginToken reports whether a key of a login's answer holds the session token: token,
// accessToken, access_token, jwt, or any name ending in token (PostGraphile's jwtToken,
// authToken), never a refresh token. The runtime's sign-in reads the token from such a key and
// toolgen init looks for one to recognise a login, so what init proposes the runtime accepts.
func LoginToken(name string) bool {
	lower := strings.ToLower(name)
	return lower == "jwt" || strings.HasSuffix(lower, "token") && !strings.HasPrefix(lower, "refresh")
}

// LoginTokenNames names LoginToken's keys for a person, in messages that say which were tried.
const LoginTokenNames = "token, accessToken, access_token, jwt or a name ending in Token, such as jwtToken"
