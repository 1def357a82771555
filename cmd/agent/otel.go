package main

// OpenTelemetry for agent mcp: off unless -otel is given or the standard
// OTEL_EXPORTER_OTLP_*ENDPOINT variables name a collector; the OTLP/HTTP exporters read the
// other OTEL_* variables themselves (headers, protocol options, service name), and
// OTEL_SDK_DISABLED=true turns it all off.

import (
	"context"
	"os"
	"time"

	"github.com/toolgen/toolgen/mcpserve"
	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetrichttp"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// otelWanted reports whether telemetry is configured.
func otelWanted(flag bool) bool {
	if os.Getenv("OTEL_SDK_DISABLED") == "true" {
		return false
	}
	for _, v := range []string{"OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT"} {
		if os.Getenv(v) != "" {
			return true
		}
	}
	return flag
}

// otelProviders builds the exporters and providers, and the function that flushes them at exit.
func otelProviders(ctx context.Context, flag bool) (mcpserve.Telemetry, func(), error) {
	if !otelWanted(flag) {
		return mcpserve.Telemetry{}, func() {}, nil
	}
	spans, err := otlptracehttp.New(ctx)
	if err != nil {
		return mcpserve.Telemetry{}, nil, err
	}
	metrics, err := otlpmetrichttp.New(ctx)
	if err != nil {
		return mcpserve.Telemetry{}, nil, err
	}
	res := resource.Default() // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(spans), sdktrace.WithResource(res))
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewPeriodicReader(metrics)), sdkmetric.WithResource(res))
	stop := func() {
		flush, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = tp.Shutdown(flush)
		_ = mp.Shutdown(flush)
	}
	return mcpserve.Telemetry{Tracer: tp, Meter: mp}, stop, nil
}
