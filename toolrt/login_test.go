package toolrt

import (
	"context"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/internal/moviedb"
)

func TestWrongPasswordFailsUpFrontWithoutEcho(t *testing.T) {
	t.Parallel()
	endpoint, rec := startMovieDB(t)
	rt, err := New(testCatalog(t), Config{Endpoint: endpoint, User: "user", Password: func() string { return "hunter2-secret" }, LoginDocument: moviedb.LoginDocument})
	if err != nil {
		t.Fatal(err)
	}
	err = rt.Login(context.Background())
	if err == nil || !strings.HasPrefix(err.Error(), `login as "user" failed`) || strings.Contains(err.Error(), "hunter2-secret") {
		t.Errorf("err = %v", err)
	}
	if rt.session.Token() != "" || rec.count("Login") != 1 {
		t.Errorf("token kept or %d logins", rec.count("Login"))
	}
}
