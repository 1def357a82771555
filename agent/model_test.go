package agent_test

// Tests of the model client's edges: keys and environment, deadlines, Ctrl-C, ceilings hit
// in the middle of one reply.

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/agent"
	"github.com/toolgen/toolgen/agent/agenttest"
	"github.com/toolgen/toolgen/toolrt/budget"
)

func TestKeyOnlyFromConfigAndOnlyToTheModel(t *testing.T) {
	// What an OpenAI client library might read from the environment: none of it may reach the request.
	t.Setenv("OPENAI_API_KEY", "sk-from-env")
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
	t.Setenv("OPENAI_CUSTOM_HEADERS", "Authorization: Bearer sk-custom")
	for _, key := range []string{"", "sk-configured"} {
		d := newDemo(t)
		s := newSession(t, d, agenttest.Steps(calls(call("", "search", `{"query":"x"}`)), words("ok")),
			options{model: agent.ModelConfig{Key: key}})
		if err := s.converse(t, context.Background()); err != nil {
			t.Fatal(err)
		}
		want := ""
		if key != "" {
			want = "Bearer " + key
		}
		for i, r := range s.model.Requests() {
			if r.Auth != want || r.Model != testModel {
				t.Errorf("key %q: request %d: Authorization %q, model %q", key, i+1, r.Auth, r.Model)
			}
		}
		for _, a := range d.auth {
			if strings.Contains(a, "sk-") {
				t.Errorf("the model key reached the API: %q", a)
			}
		}
	}
}

func TestOneDeadlinePerModelCall(t *testing.T) {
	t.Parallel() // waits for its deadline: the tests marked parallel overlap it
	d := newDemo(t)
	s := newSession(t, d, agenttest.Steps(agenttest.Reply{Delay: 5 * time.Second, Text: "late"}),
		options{model: agent.ModelConfig{Timeout: 200 * time.Millisecond}}) // not shorter: under -race the request must still reach the model before it
	start := time.Now()
	err := s.converse(t, context.Background())
	if err == nil || !strings.HasSuffix(err.Error(), "did not answer within 200ms") || time.Since(start) > 3*time.Second {
		t.Errorf("error %v after %s", err, time.Since(start))
	}
	if n := len(s.model.Requests()); n != 1 {
		t.Errorf("model requests: %d, want 1 (no retry after the deadline)", n)
	}
}

func TestCtrlCCancelsThePendingApproval(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	stdin, _ := io.Pipe() // a person who never answers
	s := newSession(t, d, seedTask(words("never asked")), options{input: stdin})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for !strings.Contains(s.out.String(), "Execute this write?") {
			time.Sleep(5 * time.Millisecond)
		}
		cancel() // what os/signal does on Ctrl-C
	}()
	err := s.converse(t, ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error = %v, want context.Canceled", err)
	}
	if diff := cmp.Diff([]string{"MOVIE:40", "TV_SHOW:3"}, d.list1(t)); diff != "" {
		t.Errorf("list 1 changed (-want +got):\n%s", diff)
	}
	out := s.out.String()
	if !strings.Contains(out, "  cancelled.\n") || !strings.Contains(out, "stopped: interrupted; nothing new was started.") ||
		len(s.model.Requests()) != 3 {
		t.Errorf("model requests %d (want 3); transcript:\n%s", len(s.model.Requests()), out)
	}
}

func TestCtrlCCancelsTheModelRequest(t *testing.T) {
	t.Parallel() // waits for its deadline: the tests marked parallel overlap it
	d := newDemo(t)
	s := newSession(t, d, agenttest.Steps(agenttest.Reply{Delay: 10 * time.Second, Text: "late"}), options{})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	if err := s.converse(t, ctx); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 2*time.Second {
		t.Errorf("error %v after %s", err, time.Since(start))
	}
}

// A reply asking for more calls than the tool ceiling has left: the extra calls are refused
// unsent, and the next request, without tools, asks for the answer.
func TestToolCeilingInsideOneReply(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	three := calls(call("", "search", `{"query":"a"}`), call("", "search", `{"query":"b"}`), call("", "search", `{"query":"c"}`))
	s := newSession(t, d, agenttest.Steps(three, words("Here is what I found.")),
		options{limits: &budget.Limits{ModelCalls: budget.DefaultModelCalls, ToolCalls: 2}})
	if err := s.converse(t, context.Background()); err != nil {
		t.Fatal(err)
	}
	reqs := s.model.Requests()
	if d.toolRequests() != 2 || len(reqs) != 2 || reqs[1].Tools != nil {
		t.Fatalf("tool requests %d (want 2), model requests %d (want 2), second offers %v",
			d.toolRequests(), len(reqs), reqs[1].Tools)
	}
	last := reqs[1].Messages[len(reqs[1].Messages)-1]
	if last.Role != "system" || !strings.HasPrefix(last.Content, "No more tool calls are available") {
		t.Errorf("final request does not ask for an answer: %+v", last)
	}
	if !strings.Contains(s.out.String(), "budget: 2 model calls (ceiling 8), 2 tool calls (ceiling 2)") {
		t.Errorf("transcript:\n%s", s.out.String())
	}
}

// An answer with no text is shown as such and not kept: the next request, after the person's
// reply, must be one a real server accepts (the scripted server refuses an assistant message
// with neither content nor calls, as OpenAI's API does).
func TestEmptyAnswerIsNotKept(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	s := newSession(t, d, agenttest.Steps(words(""), words("Done.")), options{input: strings.NewReader("and now?\n")})
	if err := s.converse(t, context.Background()); err != nil {
		t.Fatal(err)
	}
	reqs := s.model.Requests()
	if len(reqs) != 2 {
		t.Fatalf("model requests: %d, want 2", len(reqs))
	}
	var roles []string
	for _, m := range reqs[1].Messages {
		roles = append(roles, m.Role)
	}
	if diff := cmp.Diff([]string{"system", "user", "user"}, roles); diff != "" {
		t.Errorf("second request's roles (-want +got):\n%s", diff)
	}
	if !strings.Contains(s.out.String(), "answer: (the model answered with no text)") {
		t.Errorf("transcript:\n%s", s.out.String())
	}
}

// A proxy in front of the model that fails with a page, not OpenAI's error object: the person
// gets the status and the hint, never the page.
func TestErrorStatusWithoutAnErrorObject(t *testing.T) {
	t.Parallel()
	m := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusForbidden)
		_, _ = io.WriteString(w, "<html><body>forbidden by the proxy: "+r.Header.Get("Authorization")+"</body></html>")
	}))
	t.Cleanup(m.Close)
	s := newSession(t, newDemo(t), agenttest.Steps(), options{model: agent.ModelConfig{URL: m.URL + "/v1", Key: "sk-test", KeySource: "AGENT_MODEL_KEY"}})
	err := s.converse(t, context.Background())
	want := "the model server at " + m.URL + "/v1 answered 403 Forbidden; set AGENT_MODEL_KEY to the server's API key"
	if err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant    %s", err, want)
	}
}
