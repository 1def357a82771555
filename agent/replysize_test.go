package agent

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestModelReplyIsBounded: tool results are capped at 128 KiB, but a model reply is read
// whole: a misbehaving or hostile OpenAI-compatible server (or a proxy in front of it) can make
// the agent buffer, decode and keep in its conversation an arbitrarily large reply. Here the
// server streams a 64 MiB content string and the client reads every byte of it.
func TestModelReplyIsBounded(t *testing.T) {
	t.Parallel()
	const size = 64 << 20
	var written atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		head := `{"id":"x","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"`
		n, _ := io.WriteString(w, head)
		written.Add(int64(n))
		chunk := strings.Repeat("a", 1<<20)
		for range size >> 20 {
			n, err := io.WriteString(w, chunk)
			written.Add(int64(n))
			if err != nil {
				return
			}
		}
		n, _ = io.WriteString(w, `"}}]}`)
		written.Add(int64(n))
	}))
	defer srv.Close()
	m := newModel(ModelConfig{URL: srv.URL + "/v1", Timeout: 30 * time.Second}, func() error { return nil })
	msg, err := m.complete(context.Background(), nil, nil)
	if err == nil && len(msg.Content) >= size {
		t.Errorf("a %d MiB model reply was accepted whole (server wrote %s)", size>>20, fmt.Sprint(written.Load()))
	}
	var me *ModelError
	if !errors.As(err, &me) || !strings.Contains(me.Error(), "larger than 4 MiB") {
		t.Errorf("error = %v, want a ModelError saying the reply was too large", err)
	}
	if w := written.Load(); w > 16<<20 {
		t.Errorf("the client read %d MiB of one model reply; want a cap of a few MiB", w>>20)
	}
}
