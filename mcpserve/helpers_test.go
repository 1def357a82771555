package mcpserve

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/moviedb"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
)

// The demo server's seeded account (docs/demo-data.md).
const (
	testUser     = moviedbtest.User
	testPassword = moviedbtest.Password
)

// The canonical write: The Matrix into "To watch this weekend"; on a fresh server it is item 5.
const addMatrix = `{"input":{"watchListId":"1","titleId":"42","titleType":"MOVIE"}}`

// fixture is one demo server on loopback and one logged-in runtime for role concierge.
type fixture struct {
	rt       *toolrt.Runtime
	endpoint string // the demo server's
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	return newAuditedFixture(t, nil)
}

// newAuditedFixture is newFixture with the runtime's audit trail written to log and the demo
// server behind the given middleware.
func newAuditedFixture(t testing.TB, log *audit.Log, extra ...func(http.Handler) http.Handler) *fixture {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	demo := moviedbtest.Start(t, extra...)
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := toolrt.New(cat, toolrt.Config{
		Endpoint: demo.URL, Role: "concierge", User: testUser, LoginDocument: moviedb.LoginDocument,
		Password: func() string { return testPassword }, Audit: log,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := rt.Login(ctx); err != nil {
		t.Fatal(err)
	}
	return &fixture{rt: rt, endpoint: demo.URL}
}

// server builds an MCP server over the fixture's runtime.
func (f *fixture) server(t *testing.T, approve Approval, limits budget.Limits) *Server {
	t.Helper()
	s, err := New(Config{Runtime: f.rt, Approve: approve, Limits: limits})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// itemCount reads list 1's item count straight from the demo server, outside any MCP session.
func (f *fixture) itemCount(t *testing.T) int {
	t.Helper()
	res, err := f.rt.Direct(context.Background(), "myWatchLists", []byte(`{}`))
	if err != nil || res.IsError {
		t.Fatalf("myWatchLists: %v %s", err, res.Text)
	}
	var out struct {
		Data struct {
			MyWatchLists []struct {
				ID        string `json:"id"`
				ItemCount int    `json:"itemCount"`
			} `json:"myWatchLists"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(res.Text), &out); err != nil {
		t.Fatalf("myWatchLists result %s: %v", res.Text, err)
	}
	for _, l := range out.Data.MyWatchLists {
		if l.ID == "1" {
			return l.ItemCount
		}
	}
	t.Fatalf("list 1 missing from %s", res.Text)
	return 0
}

// elicitor answers elicitations with scripted actions and keeps the messages it was shown.
type elicitor struct {
	mu       sync.Mutex
	answers  []string
	messages []string
	during   func() // called while the user is being asked, outside the lock
}

func (e *elicitor) handle(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	if e.during != nil {
		e.during()
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.messages = append(e.messages, req.Params.Message)
	action := "cancel"
	if len(e.answers) > 0 {
		action, e.answers = e.answers[0], e.answers[1:]
	}
	return &mcp.ElicitResult{Action: action}, nil
}

func (e *elicitor) asked() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.messages...)
}

// connect opens an in-process session with the SDK's own client; with a nil elicitor the
// client declares no elicitation capability.
func connect(t *testing.T, s *Server, e *elicitor) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	opts := &mcp.ClientOptions{}
	if e != nil {
		opts.ElicitationHandler = e.handle
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, opts).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// call runs one tool with raw JSON arguments and returns the result's text.
func call(t *testing.T, cs *mcp.ClientSession, name, args string) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(bounded(t), &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("%s %s: %v", name, args, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

// bounded returns a context that fails a hung protocol exchange after 30 s instead of letting
// it block the whole test binary until go test's timeout.
func bounded(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}
