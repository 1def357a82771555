package mcpserve

import (
	"context"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// TestOneSpanPerToolCallWithoutSecrets records spans with the SDK's in-memory exporter: one
// per call with tool, role, caller, outcome and bytes, and no attribute holds the bearer
// token, the API's password or anything of the arguments.
func TestOneSpanPerToolCallWithoutSecrets(t *testing.T) {
	t.Parallel()
	spans := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans))
	reader := sdkmetric.NewManualReader()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))
	o := startOAuth(t, func(c *Config) {
		c.Auth.ForwardToken = true
		c.Telemetry = Telemetry{Tracer: tp, Meter: mp}
	})
	tok := o.token(t, "alice", "concierge")
	cs, err := o.connect(t, tok)
	if err != nil {
		t.Fatal(err)
	}
	call(t, cs, "movie", `{"id":"42"}`)
	call(t, cs, "addWatchListItem", note("secret-note-text")) // denied: no approver
	got := spans.GetSpans()
	if len(got) != 2 {
		t.Fatalf("%d spans for 2 calls", len(got))
	}
	want := []map[string]string{
		{"gen_ai.tool.name": "movie", "toolgen.role": "concierge", "enduser.id": o.iss.URL + "#alice"},
		{"gen_ai.tool.name": "addWatchListItem", "toolgen.outcome": "not_sent"},
	}
	for i, s := range got {
		attrs := map[string]string{}
		for _, kv := range s.Attributes {
			attrs[string(kv.Key)] = kv.Value.Emit()
			for _, secret := range []string{tok, tok[:16], "Bearer", testPassword, "secret-note-text"} {
				if strings.Contains(kv.Value.Emit(), secret) {
					t.Errorf("span %s attribute %s holds a secret: %s", s.Name, kv.Key, kv.Value.Emit())
				}
			}
		}
		for k, v := range want[i] {
			if attrs[k] != v {
				t.Errorf("span %s: %s = %q, want %q", s.Name, k, attrs[k], v)
			}
		}
		if attrs["toolgen.result.bytes"] == "" || attrs["toolgen.result.bytes"] == "0" {
			t.Errorf("span %s: no result bytes", s.Name)
		}
	}
	var rm metricdata.ResourceMetrics
	if err := reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	calls := 0
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			if sum, ok := m.Data.(metricdata.Sum[int64]); ok && m.Name == "toolgen.mcp.tool_calls" {
				for _, p := range sum.DataPoints {
					calls += int(p.Value)
					if _, ok := p.Attributes.Value(attribute.Key("enduser.id")); ok {
						t.Error("the call counter carries the caller: unbounded cardinality")
					}
				}
			}
		}
	}
	if calls != 2 {
		t.Errorf("tool_calls counted %d, want 2", calls)
	}
}
