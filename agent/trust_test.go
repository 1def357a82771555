package agent_test

// Trust boundaries over the agent loop: a tampered catalog never turns into an unapproved
// write, and a secret the API echoes never reaches the model or the transcript.

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/agent"
	"github.com/toolgen/toolgen/agent/agenttest"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/toolrttest"
)

// TestTamperedCatalogNeverWrites wires each of the review's resealed catalogs as cmd/agent
// does (loaded from a file) and, if it is accepted, lets a scripted model call the write with
// nobody at the terminal. The catalog must be refused with the tool and the reason, and the
// watch list must not change either way.
func TestTamperedCatalogNeverWrites(t *testing.T) {
	t.Parallel()
	for _, tm := range toolrttest.Tampers() {
		t.Run(tm.Name, func(t *testing.T) {
			d := newDemo(t)
			before := d.list1(t)
			err := runTampered(t, d, tm)
			if err == nil || !strings.Contains(err.Error(), `"`+tm.Tool+`"`) || !strings.Contains(err.Error(), tm.Reason) {
				t.Errorf("catalog accepted or refused for another reason: %v; want %q", err, tm.Reason)
			}
			if diff := cmp.Diff(before, d.list1(t)); diff != "" {
				t.Errorf("list 1 written with nobody approving (-before +after):\n%s", diff)
			}
		})
	}
}

// runTampered returns the refusal, or nil after running the loop on the accepted catalog.
func runTampered(t *testing.T, d *demo, tm toolrttest.Tamper) error {
	cat, err := toolrt.Load(nil, toolrt.FromFile(tm.WriteFile(t, generated.CatalogJSON)))
	if err != nil {
		return err
	}
	rt, err := toolrt.New(cat, toolrt.Config{Endpoint: d.URL, Role: "concierge", User: "user", LoginDocument: moviedb.LoginDocument,
		Password: func() string { return "user123" }})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := rt.Login(ctx); err != nil {
		t.Fatal(err)
	}
	m := agenttest.New(agenttest.Steps(calls(call("c1", tm.Tool, tm.Args)), words("done")))
	t.Cleanup(m.Close)
	out, lines := &syncBuffer{}, gate.NewLines(strings.NewReader("")) // nobody answers
	a, err := agent.New(agent.Config{Runtime: rt, Run: rt.NewRun(budget.New(budget.Defaults()), gate.NewConsole(lines, out)),
		Model: agent.ModelConfig{URL: m.URL, Model: testModel, Timeout: 10 * time.Second}, Out: out, Lines: lines})
	if err != nil {
		t.Fatal(err)
	}
	_ = a.Converse(ctx, task)
	t.Logf("the tampered catalog ran:\n%s", out.String())
	return nil
}

// TestEscapedTokenEchoNeverReachesTheModel: an API that echoes the Authorization header with
// every character as a \u escape (JSON allows it; the bytes never contain the token) must not
// hand the token to the model or the transcript.
func TestEscapedTokenEchoNeverReachesTheModel(t *testing.T) {
	t.Parallel()
	tokens := moviedbtest.NewTokenEcho(func(esc string) string {
		return `{"data":{"myWatchLists":[{"id":"1","name":"` + esc + `"}]}}`
	})
	echo := moviedbtest.Start(t, tokens.Wrap)
	dd := &demo{URL: echo.URL}
	s := newSession(t, dd, agenttest.Steps(calls(call("c1", "myWatchLists", `{}`)), words("done")), options{})
	if err := s.converse(t, context.Background()); err != nil {
		t.Fatal(err)
	}
	sent := tokens.Sent()
	if len(sent) == 0 {
		t.Fatal("the echo server never saw a token")
	}
	var toModel strings.Builder
	for _, r := range s.model.Requests() {
		for _, m := range r.Messages {
			toModel.WriteString(m.Content + "\n")
		}
	}
	for _, tok := range sent {
		for where, text := range map[string]string{"the model": toModel.String(), "the transcript": s.out.String()} {
			if toolrttest.Leaks(text, tok) {
				t.Errorf("the token reached %s:\n%s", where, text)
			}
		}
	}
	if !strings.Contains(toModel.String(), "[token]") {
		t.Errorf("the model did not get the redacted echo:\n%s", toModel.String())
	}
}

// TestModelKeyEchoIsRedactedBeforeTheCut: a model server that refuses the key and quotes it,
// escaped, where the 200-character excerpt ends; the terminal gets neither the key nor a prefix.
func TestModelKeyEchoIsRedactedBeforeTheCut(t *testing.T) {
	t.Parallel()
	const key = "sk-live-0123456789abcdef"
	for _, cut := range []int{180, 190, 195} {
		m := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			got := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			_, _ = w.Write([]byte(`{"error":{"message":"` + strings.Repeat("x", cut) + toolrttest.EscapeAll(got) + `","type":"auth"}}`))
		}))
		t.Cleanup(m.Close)
		s := newSession(t, newDemo(t), agenttest.Steps(), options{model: agent.ModelConfig{URL: m.URL + "/v1", Key: key}})
		err := s.converse(t, context.Background())
		if err == nil || !strings.Contains(err.Error(), "answered 401") {
			t.Fatalf("cut %d: %v", cut, err)
		}
		for n := 6; n <= len(key); n++ {
			if strings.Contains(err.Error()+s.out.String(), key[:n]) {
				t.Errorf("cut %d: %d characters of the key in %q", cut, n, err)
				break
			}
		}
	}
}

// TestModelKeyIsNotSentInClear: the model key goes by the rule the API's credentials go by.
// Over plain http to a host that is not loopback, New refuses (before anything is sent) unless
// InsecureHTTP says the network is trusted; https, loopback or no key at all are fine.
func TestModelKeyIsNotSentInClear(t *testing.T) {
	t.Parallel()
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := toolrt.New(cat, toolrt.Config{Endpoint: "http://127.0.0.1:1/graphql", Role: "concierge"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		url, key string
		insecure bool
		refused  bool
	}{
		{"http://10.0.0.7:11434/v1", "sk-secret", false, true},
		{"http://models.example/v1", "sk-secret", false, true},
		{"http://models.example/v1", "sk-secret", true, false},
		{"http://models.example/v1", "", false, false},
		{"https://models.example/v1", "sk-secret", false, false},
		{"http://127.0.0.1:11434/v1", "sk-secret", false, false},
		{"http://localhost:11434/v1", "sk-secret", false, false},
		{"http://[::1]:11434/v1", "sk-secret", false, false},
	} {
		_, err := agent.New(agent.Config{Runtime: rt, Run: rt.NewRun(budget.New(budget.Defaults()), nil),
			Model: agent.ModelConfig{URL: c.url, Model: testModel, Key: c.key, KeySource: "AGENT_MODEL_KEY", InsecureHTTP: c.insecure}})
		switch {
		case c.refused && (err == nil || !strings.Contains(err.Error(), "AGENT_MODEL_KEY") || !strings.Contains(err.Error(), "-insecure-http")):
			t.Errorf("%s with a key: %v, want a refusal naming the key and -insecure-http", c.url, err)
		case c.refused && strings.Contains(err.Error(), c.key):
			t.Errorf("the refusal prints the key: %v", err)
		case !c.refused && err != nil:
			t.Errorf("%s (key %v, insecure %v): %v", c.url, c.key != "", c.insecure, err)
		}
	}
}
