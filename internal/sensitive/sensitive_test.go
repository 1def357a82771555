package sensitive

import "testing"

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
