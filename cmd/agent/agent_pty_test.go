package main

// The interactive menu driven as a person would drive it: the built binary on a
// pseudo-terminal, a number typed to choose agent, the task typed at its prompt, y at the
// approval prompt, then the call command to read the list back through the same server.

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/toolgen/toolgen/agent/agenttest"
	"github.com/toolgen/toolgen/internal/moviedb/moviedbtest"
)

// terminal is the far side of the pseudo-terminal: what the program printed so far.
type terminal struct {
	t    *testing.T
	tty  *os.File
	mu   sync.Mutex
	out  strings.Builder
	seen int // offset up to which expect has matched
}

func (term *terminal) Write(p []byte) (int, error) {
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.out.Write(p)
}

// expect waits until s appears after what was matched before, and returns the text up to it.
func (term *terminal) expect(s string) string {
	term.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		term.mu.Lock()
		all := term.out.String()
		term.mu.Unlock()
		if i := strings.Index(all[term.seen:], s); i >= 0 {
			got := all[term.seen : term.seen+i+len(s)]
			term.seen += i + len(s)
			return got
		}
		time.Sleep(10 * time.Millisecond)
	}
	term.t.Fatalf("waited 20s for %q; the terminal shows:\n%s", s, term.out.String())
	return ""
}

// screen is everything printed, with the terminal's CR LF line ends made plain.
func (term *terminal) screen() string {
	term.mu.Lock()
	defer term.mu.Unlock()
	return strings.ReplaceAll(term.out.String(), "\r\n", "\n")
}

// typeLine types a line the way a person does, ending with Enter.
func (term *terminal) typeLine(s string) {
	term.t.Helper()
	if _, err := term.tty.Write([]byte(s + "\r")); err != nil {
		term.t.Fatal(err)
	}
}

func buildAgent(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the agent binary; skipped under -short")
	}
	bin := filepath.Join(t.TempDir(), "agent")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func TestMenuAgentOnTerminal(t *testing.T) {
	bin := buildAgent(t)
	model := agenttest.New(agenttest.Steps(
		agenttest.Reply{Calls: []agenttest.Call{{ID: "c1", Name: "myWatchLists", Args: `{}`}}},
		agenttest.Reply{Calls: []agenttest.Call{{ID: "c2", Name: "search", Args: `{"query":"The Matrix"}`}}},
		agenttest.Reply{Calls: []agenttest.Call{{ID: "c3", Name: "addWatchListItem",
			Args: `{"watchListId":"1","titleId":"42","titleType":"MOVIE"}`}}},
		agenttest.Reply{Text: `"The Matrix" (1999, 8.7/10) has been added to your "To watch this weekend" watchlist!`},
	))
	defer model.Close()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, configFile), []byte("user: user\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "AGENT_PASSWORD=user123", modelURLEnv+"="+model.URL, EndpointEnv+"="+moviedbtest.Start(t).URL,
		"OPENAI_API_KEY=sk-must-not-be-sent", "AGENT_MODEL_KEY=")
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 200})
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	term := &terminal{t: t, tty: tty}
	go func() { _, _ = io.Copy(term, tty) }()

	menu := term.expect("> ")
	term.typeLine(menuNumber(t, menu, "agent"))
	term.expect("task, e.g. add The Matrix to my To watch this weekend watchlist: ")
	term.typeLine("add The Matrix to my To watch this weekend watchlist")
	term.expect("Execute this write? [y/N] ")
	term.typeLine("y")
	term.expect("reply, or blank to return to the menu: ")
	term.typeLine("")
	menu = term.expect("> ")
	term.typeLine(menuNumber(t, menu, "call"))
	term.expect(": ")
	term.typeLine("myWatchLists {}")
	term.expect(`"itemCount":1}]}}`)
	term.expect("> ")
	term.typeLine("q")
	if err := cmd.Wait(); err != nil {
		t.Errorf("exit: %v", err)
	}
	screen := term.screen()
	t.Logf("terminal:\n%s", screen)
	for _, want := range []string{"role    : concierge (7 tools)", "  approved.", "\"success\":true",
		"answer: \"The Matrix\" (1999, 8.7/10)", "budget: 4 model calls (ceiling 8), 3 tool calls (ceiling 6)"} {
		if !strings.Contains(screen, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
	if !regexp.MustCompile(`"id":"1","name":"To watch this weekend"[^}]*"itemCount":3}`).MatchString(screen) {
		t.Error("call myWatchLists after the run does not show 3 items on list 1")
	}
	for i, r := range model.Requests() {
		if r.Auth != "" {
			t.Errorf("model request %d carried Authorization %q", i+1, r.Auth)
		}
	}
}

// menuNumber finds the number the menu shows for a command.
func menuNumber(t *testing.T, menu, name string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^\s*(\d+)\s+` + name + `\s`).FindStringSubmatch(menu)
	if m == nil {
		t.Fatalf("menu has no %s:\n%s", name, menu)
	}
	return m[1]
}

// The command line: model flags right after the command name, a task in words, and the exit statuses.
func TestAgentCommandLine(t *testing.T) {
	t.Setenv("AGENT_PASSWORD", "user123")
	model := agenttest.New(agenttest.Steps(
		agenttest.Reply{Calls: []agenttest.Call{{Name: "myWatchLists", Args: `{}`}}},
		agenttest.Reply{Text: "You have two lists: To watch this weekend and All-time favourites."},
	))
	defer model.Close()
	out, errText, code := runAgent(t, "", "agent", "-user", "user", "-model-url", model.URL, "-model", "llama3.1:8b",
		"which", "lists", "do", "I", "have?")
	t.Logf("stdout:\n%s", out)
	if code != 0 || !strings.Contains(out, "task    : which lists do I have?\n") ||
		!strings.Contains(out, "answer: You have two lists") || model.Requests()[0].Model != "llama3.1:8b" {
		t.Errorf("exit %d, stderr %s", code, errText)
	}

	gone := agenttest.New(agenttest.Steps())
	gone.Close()
	_, errText, code = runAgent(t, "", "agent", "-model-url", gone.URL, "hello")
	if code != 1 || !strings.Contains(errText, "agent: the model server at "+gone.URL+" cannot be reached") ||
		strings.Contains(errText, "ollama") || !strings.Contains(errText, "-model-url") || strings.Count(errText, "\n") != 1 {
		t.Errorf("unreachable: exit %d, stderr:\n%s", code, errText)
	}

	for _, argv := range [][]string{{"agent"}, {"agent", "-model-url", "localhost:11434", "hi"}} {
		if _, _, code := runAgent(t, "", argv...); code != 2 {
			t.Errorf("%v: exit %d, want 2", argv, code)
		}
	}
}
