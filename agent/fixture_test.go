package agent_test

// This file is the end-to-end fixture: the real demo server (internal/moviedb) behind a
// counting proxy, the real toolrt with the generated catalog, and a scripted model server.

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolgen/toolgen/agent"
	"github.com/toolgen/toolgen/agent/agenttest"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/metatools"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
)

const task = "add The Matrix to my To watch this weekend watchlist"

// checkHeader marks the tests' own reads, which the demo does not count as tool requests.
const checkHeader = "X-Test-Check"

// demo is the Movie Database on loopback, counting the tool requests it gets (logins aside)
// and optionally rewriting responses, as a compromised or hostile data source would.
type demo struct {
	URL     string
	mu      sync.Mutex
	tools   int      // requests other than the login
	auth    []string // Authorization headers seen
	rewrite func(body string) string
}

func newDemo(t *testing.T) *demo {
	t.Helper()
	d := &demo{}
	d.URL = moviedbtest.Start(t, d.wrap).URL
	return d
}

// wrap counts and records what reaches the server and applies rewrite to the tools' answers.
func (d *demo) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		out := rec.Body.String()
		d.mu.Lock()
		if !bytes.Contains(body, []byte("login(")) && r.Header.Get(checkHeader) == "" {
			d.tools++
			if d.rewrite != nil {
				out = d.rewrite(out)
			}
		}
		d.auth = append(d.auth, r.Header.Get("Authorization"))
		d.mu.Unlock()
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Del("Content-Length")
		w.WriteHeader(rec.Code)
		_, _ = io.WriteString(w, out)
	})
}

func (d *demo) toolRequests() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.tools
}

// list1 returns list 1's items as "TYPE:titleId", read straight from the server as the user.
func (d *demo) list1(t *testing.T) []string {
	t.Helper()
	token := moviedbtest.Login(t, d.URL, moviedbtest.User, moviedbtest.Password)
	res := moviedbtest.Post(t, d.URL, token, `{ myWatchLists { id items { titleType title { id } } } }`, nil, checkHeader, "1")
	var data map[string]any
	if err := json.Unmarshal(res.Data, &data); err != nil || len(res.Errors) > 0 {
		t.Fatalf("myWatchLists: %s", res.Raw)
	}
	var out []string
	for _, l := range data["myWatchLists"].([]any) {
		l := l.(map[string]any)
		if l["id"] != "1" {
			continue
		}
		for _, it := range l["items"].([]any) {
			it := it.(map[string]any)
			out = append(out, it["titleType"].(string)+":"+it["title"].(map[string]any)["id"].(string))
		}
	}
	return out
}

// syncBuffer is the transcript, read by a test while the loop writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// session is one conversation wired as cmd/agent wires it: one Lines shared by the console
// approver and the reply prompt.
type session struct {
	demo  *demo
	model *agenttest.Server
	out   *syncBuffer
	agent *agent.Agent
	run   *toolrt.Run
}

// testModel is the model name the scripted server is asked for.
const testModel = "qwen3:8b"

type options struct {
	input  io.Reader
	limits *budget.Limits // nil: budget.Defaults()
	audit  *audit.Log
	model  agent.ModelConfig
	tools  metatools.Mode // "": every tool
}

func newSession(t *testing.T, d *demo, script agenttest.Script, o options) *session {
	t.Helper()
	m := agenttest.New(script)
	t.Cleanup(m.Close)
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := toolrt.New(cat, toolrt.Config{Endpoint: d.URL, Role: "concierge", User: "user", Audit: o.audit, LoginDocument: moviedb.LoginDocument,
		Password: func() string { return "user123" }})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := rt.Login(ctx); err != nil {
		t.Fatal(err)
	}
	if o.input == nil {
		o.input = strings.NewReader("")
	}
	if o.model.URL == "" {
		o.model.URL = m.URL
	}
	if o.model.Model == "" {
		o.model.Model = testModel
	}
	if o.model.Timeout == 0 {
		o.model.Timeout = 10 * time.Second
	}
	out := &syncBuffer{}
	lines := gate.NewLines(o.input)
	limits := budget.Defaults()
	if o.limits != nil {
		limits = *o.limits
	}
	run := rt.NewRun(budget.New(limits), gate.NewConsole(lines, out))
	a, err := agent.New(agent.Config{Runtime: rt, Run: run, Model: o.model, Out: out, Lines: lines, Tools: o.tools})
	if err != nil {
		t.Fatal(err)
	}
	return &session{demo: d, model: m, out: out, agent: a, run: run}
}

func (s *session) converse(t *testing.T, ctx context.Context) error {
	t.Helper()
	err := s.agent.Converse(ctx, task)
	t.Logf("transcript:\n%s", s.out.String())
	return err
}

// outline keeps the transcript lines a test pins: the ones a person reads to follow the run.
func outline(transcript string) []string {
	var out []string
	for _, l := range strings.Split(transcript, "\n") {
		for _, p := range []string{"role", "user", "task", "model asks for:", "  not run", "APPROVAL", "Execute",
			"  approved", "  not approved", "answer:", "budget:", "The run budget", "stopped:", "reply,"} {
			if strings.HasPrefix(l, p) {
				out = append(out, l)
				break
			}
		}
	}
	return out
}

func call(id, name, args string) agenttest.Call {
	return agenttest.Call{ID: id, Name: name, Args: args}
}

func calls(cs ...agenttest.Call) agenttest.Reply { return agenttest.Reply{Calls: cs} }

func words(s string) agenttest.Reply { return agenttest.Reply{Text: s} }
