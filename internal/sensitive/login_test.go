package sensitive

import "testing"

// TestLoginToken pins the login answer's token keys that toolrt's sign-in and toolgen init share.
func TestLoginToken(t *testing.T) {
	for _, n := range []string{"token", "Token", "accessToken", "access_token", "jwt", "JWT", "jwtToken", "authToken", "sessionToken"} {
		if !LoginToken(n) {
			t.Errorf("LoginToken(%q) = false, want true", n)
		}
	}
	for _, n := range []string{"refreshToken", "refresh_token", "jwtExpiresAt", "tokens", "tokenType", "user", "id", ""} {
		if LoginToken(n) {
			t.Errorf("LoginToken(%q) = true, want false", n)
		}
	}
}
