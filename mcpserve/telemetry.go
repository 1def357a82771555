// This file reports each tool call to OpenTelemetry: one span (tool, role, caller, outcome,
// bytes; its duration is the span's own) and two instruments, a call counter and a duration
// histogram. Attributes are chosen, never copied from a request: no argument, header, token
// or result text is ever one.

package mcpserve

import (
	"context"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	metricnoop "go.opentelemetry.io/otel/metric/noop"
	"go.opentelemetry.io/otel/trace"
	tracenoop "go.opentelemetry.io/otel/trace/noop"
)

// Telemetry names where spans and metrics go; a nil provider is off.
type Telemetry struct {
	Tracer trace.TracerProvider
	Meter  metric.MeterProvider
}

const instrumentation = "github.com/toolgen/toolgen/mcpserve"

// telemetry holds the instruments made once.
type telemetry struct {
	off      bool // neither provider given: a call builds no span or attributes
	tracer   trace.Tracer
	calls    metric.Int64Counter
	duration metric.Float64Histogram
}

func newTelemetry(t Telemetry) *telemetry {
	tp, mp := t.Tracer, t.Meter
	off := tp == nil && mp == nil
	if tp == nil {
		tp = tracenoop.NewTracerProvider()
	}
	if mp == nil {
		mp = metricnoop.NewMeterProvider()
	}
	m := mp.Meter(instrumentation)
	calls, _ := m.Int64Counter("toolgen.mcp.tool_calls", metric.WithDescription("MCP tool calls, by tool, role and outcome"))
	dur, _ := m.Float64Histogram("toolgen.mcp.tool_call.duration", metric.WithUnit("s"), metric.WithDescription("MCP tool call duration"))
	return &telemetry{off: off, tracer: tp.Tracer(instrumentation), calls: calls, duration: dur}
}

// callSpan is one tool call being reported.
type callSpan struct {
	tel   *telemetry
	span  trace.Span
	start time.Time
	attrs []attribute.KeyValue // the metrics' attributes: never the caller (unbounded)
}

// start opens a tool call's span. The caller is its id (issuer and subject), never its token.
// Off, it returns a nil *callSpan, whose end does nothing.
func (t *telemetry) start(ctx context.Context, tool, role string, c *caller) (context.Context, *callSpan) {
	if t.off {
		return ctx, nil
	}
	attrs := []attribute.KeyValue{
		attribute.String("gen_ai.tool.name", tool),
		attribute.String("toolgen.role", role),
	}
	ctx, span := t.tracer.Start(ctx, "tools/call "+tool, trace.WithSpanKind(trace.SpanKindServer),
		trace.WithAttributes(append(attrs, attribute.String("mcp.method.name", "tools/call"))...))
	if c != nil {
		span.SetAttributes(attribute.String("enduser.id", c.id))
	}
	return ctx, &callSpan{tel: t, span: span, start: time.Now(), attrs: attrs}
}

// end closes the span with the call's outcome and the bytes of the result returned.
func (cs *callSpan) end(ctx context.Context, out *mcp.CallToolResult, outcome string, err error) {
	if cs == nil {
		return
	}
	bytes := 0
	if out != nil {
		for _, c := range out.Content {
			if t, ok := c.(*mcp.TextContent); ok {
				bytes += len(t.Text)
			}
		}
	}
	switch {
	case err != nil:
		outcome = "cancelled"
		cs.span.SetStatus(codes.Error, "the request ended before its result")
	case out != nil && len(out.InputRequests) > 0:
		outcome = "input_required"
	case out != nil && out.IsError:
		cs.span.SetStatus(codes.Error, outcome)
	}
	cs.span.SetAttributes(attribute.String("toolgen.outcome", outcome), attribute.Int("toolgen.result.bytes", bytes))
	cs.span.End()
	attrs := metric.WithAttributes(append(cs.attrs, attribute.String("toolgen.outcome", outcome))...)
	cs.tel.calls.Add(ctx, 1, attrs)
	cs.tel.duration.Record(ctx, time.Since(cs.start).Seconds(), attrs)
}
