package gate

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/internal/invisible"
)

func TestParseAnswer(t *testing.T) {
	yes := Decision{Approved: true}
	no := Decision{Reason: "declined"}
	blank := Decision{Reason: "no answer given"}
	tests := []struct {
		in   string
		want Decision
	}{
		{"y", yes}, {"Y", yes}, {"yes", yes}, {"YES", yes}, {"Yes", yes}, {"yEs", yes},
		{" y", yes}, {"y ", yes}, {"\tyes\t", yes}, {"  YES  ", yes}, {"y\r", yes},
		{"", blank}, {" ", blank}, {"\t", blank}, {"\r", blank}, {"   \t  ", blank},
		{"n", no}, {"N", no}, {"no", no}, {"NO", no}, {"nope", no},
		{"yy", no}, {"yess", no}, {"ye", no}, {"yes!", no}, {"yes.", no}, {"y y", no},
		{"yes please", no}, {"sure", no}, {"ok", no}, {"OK", no}, {"1", no}, {"true", no},
		{"approve", no}, {"ｙｅｓ", no}, {"у", no}, {"yes\u200b", no}, {"\u202eyes", no},
		{"'y'", no}, {"q", no},
	}
	if len(tests) != 40 {
		t.Fatalf("table has %d answers, want 40", len(tests))
	}
	for _, tt := range tests {
		if got := ParseAnswer(tt.in); got != tt.want {
			t.Errorf("ParseAnswer(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

func TestEscape(t *testing.T) {
	in := "a\x1b[31mred\u202etxt.exe\u2066\u200b\u0085\x7f\u2028ok é 日本"
	want := `a\u{001B}[31mred\u{202E}txt.exe\u{2066}\u{200B}\u{0085}\u{007F}\u{2028}ok é 日本`
	if diff := cmp.Diff(want, Escape(in)); diff != "" {
		t.Errorf("Escape (-want +got):\n%s", diff)
	}
}

func TestEscapeLinesKeepsOnlyLineFeeds(t *testing.T) {
	in := "{\"a\":\"x\x1b[2J\u202e\"}\n[truncated: the result was 9 characters]\r\n"
	want := `{"a":"x\u{001B}[2J\u{202E}"}` + "\n" + `[truncated: the result was 9 characters]\u{000D}` + "\n"
	if diff := cmp.Diff(want, EscapeLines(in)); diff != "" {
		t.Errorf("EscapeLines (-want +got):\n%s", diff)
	}
}

func request(vars string) Request {
	body := []byte(`{"query":"mutation","variables":` + vars + `}`)
	return Request{Tool: "add", Operation: "mutation Tool_add", Variables: []byte(vars), BodySHA: sha256.Sum256(body)}
}

func TestConsoleShowsEscapedRequest(t *testing.T) {
	var out strings.Builder
	c := NewConsole(NewLines(strings.NewReader("yes\n")), &out)
	d, err := c.Approve(context.Background(), request(`{"n":"`+"\u202e"+`"}`))
	if err != nil || !d.Approved {
		t.Fatalf("Approve = %+v, %v", d, err)
	}
	for _, s := range []string{"tool      : add", "operation : mutation Tool_add", `variables : {"n":"\u{202E}"}`, "approved."} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("prompt lacks %q:\n%s", s, out.String())
		}
	}
}

func TestConsoleEndOfInputIsNoAnswer(t *testing.T) {
	c := NewConsole(NewLines(strings.NewReader("")), io.Discard)
	d, err := c.Approve(context.Background(), request(`{}`))
	if diff := cmp.Diff(Decision{Reason: "no answer given"}, d); diff != "" || err != nil {
		t.Errorf("err %v; decision (-want +got):\n%s", err, diff)
	}
}

func TestConsoleCancelledWhileWaiting(t *testing.T) {
	r, w := io.Pipe() // nothing is ever typed
	defer w.Close()
	c := NewConsole(NewLines(r), io.Discard)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	_, err := c.Approve(ctx, request(`{}`))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// countingApprover answers from a list and counts questions.
type countingApprover struct {
	answers []bool
	asked   atomic.Int32
}

func (a *countingApprover) Approve(context.Context, Request) (Decision, error) {
	n := a.asked.Add(1)
	return Decision{Approved: a.answers[n-1], Reason: "declined"}, nil
}

func TestRepeatedDenialIsNotAskedAgain(t *testing.T) {
	a := &countingApprover{answers: []bool{false, true}}
	g := New(a)
	ctx := context.Background()
	for range 3 {
		if ap, d, err := g.Ask(ctx, request(`{"x":1}`)); ap != nil || d.Approved || err != nil {
			t.Fatalf("denied call approved: %+v %v", d, err)
		}
	}
	if ap, _, _ := g.Ask(ctx, request(`{"x":2}`)); ap == nil {
		t.Fatal("a different call was not asked about")
	}
	if got := a.asked.Load(); got != 2 {
		t.Errorf("approver asked %d times, want 2", got)
	}
}

// TestRepeatedDenialKeepsWhoDenied: a write nobody could be asked about stays "nobody can be
// asked" when repeated, and a person's decline stays the user's decline: the model is never told
// the user declined what no user saw.
func TestRepeatedDenialKeepsWhoDenied(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		approver Approver
		want     string
	}{{DenyAll{}, CannotAskResult}, {&countingApprover{answers: []bool{false}}, DeniedResult}} {
		g := New(c.approver)
		for i := range 2 {
			if _, d, err := g.Ask(ctx, request(`{"x":1}`)); err != nil || d.Result() != c.want {
				t.Errorf("%T, ask %d: %+v %v, want %s", c.approver, i+1, d, err, c.want)
			}
		}
	}
}

func TestApprovalBindsBodyAndIsUsedOnce(t *testing.T) {
	g := New(&countingApprover{answers: []bool{true}})
	body := []byte(`{"query":"mutation","variables":{"x":1}}`)
	ap, _, err := g.Ask(context.Background(), request(`{"x":1}`))
	if err != nil || ap == nil {
		t.Fatal("not approved")
	}
	if err := ap.Redeem([]byte(`{"query":"mutation","variables":{"x":2}}`)); err == nil {
		t.Error("another body redeemed the approval")
	}
	if err := ap.Redeem(body); err != nil {
		t.Errorf("approved body refused: %v", err)
	}
	if err := ap.Redeem(body); err == nil {
		t.Error("approval redeemed twice")
	}
	var none *Approval
	if none.Redeem(body) == nil {
		t.Error("nil approval redeemed")
	}
}

func TestNilApproverDenies(t *testing.T) {
	ap, d, err := New(nil).Ask(context.Background(), request(`{}`))
	if ap != nil || d.Approved || err != nil {
		t.Errorf("nil approver: %v %+v %v", ap, d, err)
	}
}

// plainEscape is Escape as it was written before it shared invisible.Replace's loop, rune by
// rune: the oracle of FuzzEscape.
func plainEscape(s string, keepLines bool) string {
	var sb strings.Builder
	for _, r := range s {
		if invisible.Is(r) || r == '\t' || r == '\r' || r == '\n' && !keepLines {
			fmt.Fprintf(&sb, `\u{%04X}`, r)
			continue
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

// FuzzEscape holds Escape and EscapeLines to plainEscape on any bytes, invalid UTF-8 included.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "a", "a\tb\r\nc", "\u202eevil", "\xff\xfe", "x\u200by", "\\u{0009}", "é\u0085"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Escape(s), plainEscape(s, false); got != want {
			t.Errorf("Escape(%q) = %q, want %q", s, got, want)
		}
		if got, want := EscapeLines(s), plainEscape(s, true); got != want {
			t.Errorf("EscapeLines(%q) = %q, want %q", s, got, want)
		}
	})
}
