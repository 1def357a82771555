package mcpserve

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/internal/githubcatalog"
	"github.com/toolgen/toolgen/internal/tokencount"
	"github.com/toolgen/toolgen/metatools"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/budget"
	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/pending"
)

// recorder is a GraphQL endpoint on loopback that keeps every request body and answers each
// with empty data: the API a GitHub catalog's calls go to in these tests.
type recorder struct {
	mu     sync.Mutex
	bodies []string
	URL    string
}

func newRecorder(t *testing.T) *recorder {
	r := &recorder{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.bodies = append(r.bodies, string(b))
		r.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"data":{}}`)
	}))
	t.Cleanup(srv.Close)
	r.URL = srv.URL
	return r
}

func (r *recorder) sent() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.bodies...)
}

// githubRuntime runs GitHub's every-root-field catalog against rec with an issued token,
// auditing into log.
func githubRuntime(t *testing.T, rec *recorder, log *audit.Log) *toolrt.Runtime {
	t.Helper()
	cat, err := toolrt.Load(githubcatalog.JSON(t))
	if err != nil {
		t.Fatal(err)
	}
	rt, err := toolrt.New(cat, toolrt.Config{Endpoint: rec.URL, Token: "test-token", Audit: log})
	if err != nil {
		t.Fatal(err)
	}
	return rt
}

// listedTokens is the o200k count of the tools a client lists, as the JSON it receives.
func listedTokens(t *testing.T, cs *mcp.ClientSession) (int, int) {
	t.Helper()
	res, err := cs.ListTools(bounded(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res.Tools)
	if err != nil {
		t.Fatal(err)
	}
	n, err := tokencount.Count(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return n, len(res.Tools)
}

// TestSearchModeListIsSmall: on GitHub's every-root-field catalog the three meta-tools cost at
// most 2 % of the full tool list (issue 25), measured on what a client receives.
func TestSearchModeListIsSmall(t *testing.T) {
	rt := githubRuntime(t, newRecorder(t), nil)
	counts := map[metatools.Mode][2]int{}
	for _, mode := range []metatools.Mode{metatools.All, metatools.Search} {
		s, err := New(Config{Runtime: rt, Tools: mode})
		if err != nil {
			t.Fatal(err)
		}
		n, tools := listedTokens(t, connect(t, s, nil))
		counts[mode] = [2]int{n, tools}
	}
	all, search := counts[metatools.All], counts[metatools.Search]
	ratio := float64(search[0]) / float64(all[0])
	t.Logf("tools/list of GitHub: all %d tools, %d tokens; search %d tools, %d tokens (%.2f %%)", all[1], all[0], search[1], search[0], 100*ratio)
	if search[1] != 3 || ratio > 0.02 {
		t.Errorf("search mode lists %d tools costing %.2f %% of the full list, want 3 and at most 2 %%", search[1], 100*ratio)
	}
}

// TestAutoChoosesSearchForLargeRoles: -tools auto lists the meta-tools for GitHub (278 tools)
// and every tool for the example's role (7 tools, 810 tokens), and says so.
func TestAutoChoosesSearchForLargeRoles(t *testing.T) {
	s, err := New(Config{Runtime: githubRuntime(t, newRecorder(t), nil), Tools: metatools.Auto})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Searching() || !strings.HasPrefix(s.ToolsLine(), "tools: search, chosen by -tools auto") {
		t.Errorf("GitHub under auto: %q", s.ToolsLine())
	}
	f := newFixture(t)
	s, err = New(Config{Runtime: f.rt, Tools: metatools.Auto})
	if err != nil {
		t.Fatal(err)
	}
	if s.Searching() || !strings.HasPrefix(s.ToolsLine(), "tools: all, chosen by -tools auto") {
		t.Errorf("the example under auto: %q", s.ToolsLine())
	}
}

// TestMetaToolsFindDescribeCall: search_tools finds the tool for a request, describe_tool gives
// its input schema byte for byte as the catalog has it, and call_tool runs it.
func TestMetaToolsFindDescribeCall(t *testing.T) {
	rec := newRecorder(t)
	rt := githubRuntime(t, rec, nil)
	s, err := New(Config{Runtime: rt, Tools: metatools.Search, Limits: budget.Defaults()})
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, s, nil)
	text, isErr := call(t, cs, metatools.SearchTools, `{"query":"look up a repository by owner and name"}`)
	var found struct {
		Tools []metatools.Found
		Of    int
	}
	if err := json.Unmarshal([]byte(text), &found); isErr || err != nil || len(found.Tools) == 0 || found.Tools[0].Name != "repository" || found.Of != len(rt.Tools()) {
		t.Fatalf("search_tools (isError %v): %s", isErr, text)
	}
	if found.Tools[0].Tokens == 0 || found.Tools[0].Description == "" {
		t.Errorf("a result without its cost or description: %+v", found.Tools[0])
	}
	text, isErr = call(t, cs, metatools.DescribeTool, `{"name":"repository"}`)
	var def struct {
		Description string
		InputSchema json.RawMessage
	}
	cat, _ := catalog.Parse(githubcatalog.JSON(t))
	want := cat.Tool("repository")
	var compact bytes.Buffer
	_ = json.Compact(&compact, want.InputSchema) // as every tool list sends it
	if err := json.Unmarshal([]byte(text), &def); isErr || err != nil || def.Description != want.Description || !bytes.Equal(def.InputSchema, compact.Bytes()) {
		t.Fatalf("describe_tool is not the catalog's definition (isError %v): %s", isErr, text)
	}
	text, isErr = call(t, cs, metatools.CallTool, `{"name":"repository","arguments":{"owner":"toolgen","name":"toolgen"}}`)
	if isErr || len(rec.sent()) != 1 || !strings.Contains(rec.sent()[0], `"variables":{"name":"toolgen","owner":"toolgen"}`) {
		t.Fatalf("call_tool (isError %v): %s; sent %q", isErr, text, rec.sent())
	}
	for args, wantErr := range map[string]string{
		`{"name":"nope"}`: "there is no tool with that name",
		`{"query":""}`:    "search_tools takes",
	} {
		tool := metatools.DescribeTool
		if strings.Contains(args, "query") {
			tool = metatools.SearchTools
		}
		if text, isErr := call(t, cs, tool, args); !isErr || !strings.Contains(text, wantErr) {
			t.Errorf("%s %s: isError %v, %s", tool, args, isErr, text)
		}
	}
}

// TestCallToolWriteIsGatedLikeADirectCall runs one GitHub write directly (every tool listed)
// and through call_tool (search mode) under each approval mode, against a loopback API that
// records what it receives: the results, what was sent, what the user was asked, what was
// deferred and what was audited must be the same. Under deny nothing at all is sent.
func TestCallToolWriteIsGatedLikeADirectCall(t *testing.T) {
	const args = `{"input":{"starrableId":"R_kgDOExample"}}`
	type outcome struct {
		Text     string
		IsError  bool
		Sent     []string
		Asked    []string
		Deferred []string
		Audit    []string
	}
	run := func(t *testing.T, approve Approval, answers []string, viaMeta bool) outcome {
		rec := newRecorder(t)
		var log bytes.Buffer
		rt := githubRuntime(t, rec, audit.New(&log, false))
		cfg := Config{Runtime: rt, Approve: approve, Limits: budget.Defaults(), Tools: metatools.All}
		var store *pending.Store
		if approve == Defer {
			var err error
			if store, err = pending.Open(filepath.Join(t.TempDir(), "p.db")); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { store.Close() })
			cfg.Deferrer = store.Deferrer(0)
		}
		if viaMeta {
			cfg.Tools = metatools.Search
		}
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		e := &elicitor{answers: answers}
		cs := connect(t, s, e)
		var o outcome
		if viaMeta {
			o.Text, o.IsError = call(t, cs, metatools.CallTool, `{"name":"addStar","arguments":`+args+`}`)
		} else {
			o.Text, o.IsError = call(t, cs, "addStar", args)
		}
		// A deferred write's id is random and its expiry the clock's.
		o.Text = stamp.ReplaceAllString(requestID.ReplaceAllString(o.Text, "req-ID"), "TIME")
		o.Sent, o.Asked = rec.sent(), e.asked()
		if store != nil {
			reqs, err := store.List(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range reqs {
				o.Deferred = append(o.Deferred, r.Tool+" "+string(r.Body))
			}
		}
		for line := range strings.Lines(log.String()) {
			var r audit.Record
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatal(err)
			}
			o.Audit = append(o.Audit, r.Tool+" "+string(r.Decision)+" "+r.Outcome+" "+r.Body)
		}
		return o
	}
	for _, c := range []struct {
		name    string
		approve Approval
		answers []string
	}{
		{"deny", Deny, nil},
		{"elicit-accept", Elicit, []string{"accept"}},
		{"elicit-decline", Elicit, []string{"decline"}},
		{"host", Host, nil},
		{"defer", Defer, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			direct, meta := run(t, c.approve, c.answers, false), run(t, c.approve, c.answers, true)
			if diff := cmp.Diff(direct, meta); diff != "" {
				t.Errorf("call_tool differs from a direct call (-direct +call_tool):\n%s", diff)
			}
			sends := c.approve == Host || c.name == "elicit-accept"
			if got := len(meta.Sent); (got == 1) != sends || got > 1 {
				t.Errorf("%s sent %d requests: %q", c.name, got, meta.Sent)
			}
			if c.approve == Deny && meta.Text != gate.CannotAskResult {
				t.Errorf("deny through call_tool: %s", meta.Text)
			}
			if asks := c.approve == Elicit; asks != (len(meta.Asked) == 1) {
				t.Errorf("%s asked %q", c.name, meta.Asked)
			}
			if defers := c.approve == Defer; defers != (len(meta.Deferred) == 1) {
				t.Errorf("%s deferred %q", c.name, meta.Deferred)
			}
		})
	}
}

var (
	requestID = regexp.MustCompile(`req-[a-z0-9]+`)
	stamp     = regexp.MustCompile(`\d{4}-\d\d-\d\dT[\d:.]+Z`)
)

// TestToolsCarryCostAndFingerprint: every listed tool tells the host its cost in tokens, its
// fingerprint and the catalog's digest; a changed definition changes the fingerprint.
func TestToolsCarryCostAndFingerprint(t *testing.T) {
	f := newFixture(t)
	res, err := connect(t, f.server(t, Deny, budget.Defaults()), nil).ListTools(bounded(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	defs := map[string]toolrt.ToolDef{}
	for _, d := range f.rt.Tools() {
		defs[d.Name] = d
	}
	for _, tool := range res.Tools {
		d := defs[tool.Name]
		m := tool.Meta
		if m[MetaTokens] != float64(d.Tokens) || d.Tokens == 0 || m[MetaFingerprint] != d.Fingerprint ||
			!strings.HasPrefix(d.Fingerprint, "sha256:") || m[MetaCatalog] != f.rt.CatalogDigest() {
			t.Errorf("%s: _meta %v, want tokens %d, fingerprint %s, catalog %s", tool.Name, m, d.Tokens, d.Fingerprint, f.rt.CatalogDigest())
		}
	}
	cat, err := toolrt.Load(generated.CatalogJSON)
	if err != nil {
		t.Fatal(err)
	}
	cat.Tools[0].Description += " Changed."
	edited, err := catalog.Marshal(cat.Catalog)
	if err != nil {
		t.Fatal(err)
	}
	cat2, err := toolrt.Load(edited)
	if err != nil {
		t.Fatal(err)
	}
	rt2, err := toolrt.New(cat2, toolrt.Config{Endpoint: f.endpoint})
	if err != nil {
		t.Fatal(err)
	}
	before, after := f.rt.Tools(), rt2.Tools()
	if before[0].Fingerprint == after[0].Fingerprint || before[1].Fingerprint != after[1].Fingerprint {
		t.Errorf("fingerprints: %s → %s (changed tool), %s → %s (unchanged)", before[0].Fingerprint, after[0].Fingerprint, before[1].Fingerprint, after[1].Fingerprint)
	}
}
