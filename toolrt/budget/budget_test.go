package budget

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDefaultsAndSummary(t *testing.T) {
	b := New(Defaults())
	for range 3 {
		if err := b.AllowModelCall(); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.AllowToolCall("movie"); err != nil {
		t.Fatal(err)
	}
	want := "3 model calls (ceiling 8), 1 tool calls (ceiling 6)"
	if diff := cmp.Diff(want, b.Summary()); diff != "" {
		t.Errorf("Summary (-want +got):\n%s", diff)
	}
	if b.Mode() != Stop {
		t.Errorf("Mode = %q, want stop", b.Mode())
	}
}

func TestRefusalCountsNothing(t *testing.T) {
	b := New(Limits{ModelCalls: 1, ToolCalls: 2, PerTool: map[string]int{"add": 1}})
	var got []string
	for _, tool := range []string{"add", "add", "movie", "movie", "add"} {
		err := b.AllowToolCall(tool)
		got = append(got, errString(err))
		if err != nil && !errors.Is(err, ErrExceeded) {
			t.Fatalf("error %v does not wrap ErrExceeded", err)
		}
	}
	_ = b.AllowModelCall()
	got = append(got, errString(b.AllowModelCall()))
	want := []string{
		"", "run budget exceeded: calls of add ceiling 1 reached", "",
		"run budget exceeded: tool calls ceiling 2 reached", "run budget exceeded: tool calls ceiling 2 reached",
		"run budget exceeded: model calls ceiling 1 reached",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decisions (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("1 model calls (ceiling 1), 2 tool calls (ceiling 2)", b.Summary()); diff != "" {
		t.Errorf("Summary (-want +got):\n%s", diff)
	}
}

func TestNegativeCeilingAllowsNothing(t *testing.T) {
	b := New(Limits{ModelCalls: -1, ToolCalls: -1})
	if b.AllowModelCall() == nil || b.AllowToolCall("x") == nil {
		t.Fatal("a negative ceiling admitted a call")
	}
	if got := b.Summary(); got != "0 model calls (ceiling 0), 0 tool calls (ceiling 0)" {
		t.Errorf("Summary = %q", got)
	}
}

// TestZeroCeilingAllowsNone: -max-tool-calls 0 used to mean the default, six calls.
func TestZeroCeilingAllowsNone(t *testing.T) {
	b := New(Limits{ModelCalls: 0, ToolCalls: 0})
	if err := b.AllowToolCall("movie"); !errors.Is(err, ErrExceeded) {
		t.Errorf("a tool-call ceiling of 0 admitted a call (err %v)", err)
	}
	if err := b.AllowModelCall(); !errors.Is(err, ErrExceeded) {
		t.Errorf("a model-call ceiling of 0 admitted a call (err %v)", err)
	}
	if got := b.RemainingToolCalls(); got != 0 {
		t.Errorf("RemainingToolCalls = %d, want 0", got)
	}
}

func TestCheckNamesTheFlag(t *testing.T) {
	flags := map[string]string{"tool calls": "-max-tool-calls", "model calls": "-max-model-calls"}
	err := Limits{ModelCalls: 1, ToolCalls: -1}.Check(flags)
	if err == nil || !strings.Contains(err.Error(), "-max-tool-calls -1") {
		t.Errorf("Check = %v, want an error naming -max-tool-calls", err)
	}
	if err := (Limits{}).Check(flags); err != nil {
		t.Errorf("Check of zero ceilings = %v, want nil", err)
	}
}

func TestConcurrentAdmissionNeverExceeds(t *testing.T) {
	b := New(Limits{ModelCalls: 8, ToolCalls: 6})
	var wg sync.WaitGroup
	var mu sync.Mutex
	admitted := 0
	for range 64 {
		wg.Go(func() {
			if b.AllowToolCall("movie") == nil {
				mu.Lock()
				admitted++
				mu.Unlock()
			}
			_ = b.AllowModelCall()
		})
	}
	wg.Wait()
	model, tool := b.Counts()
	if admitted != 6 || tool != 6 || model != 8 {
		t.Errorf("admitted %d, counts model %d tool %d; want 6, 8, 6", admitted, model, tool)
	}
}

func TestParseMode(t *testing.T) {
	for in, want := range map[string]Mode{"": Stop, "stop": Stop, "error": Error} {
		got, err := ParseMode(in)
		if err != nil || got != want {
			t.Errorf("ParseMode(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseMode("continue"); err == nil {
		t.Error("ParseMode(continue) succeeded")
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
