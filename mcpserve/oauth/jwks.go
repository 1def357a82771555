// This file loads the authorization server's key set from a file or a URL and keeps it fresh:
// a token naming a key id the set does not hold makes one refetch, at most every MinRefresh,
// so keys the server rotates in are found and a flood of made-up key ids costs one fetch.

package oauth

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/toolgen/toolgen/internal/loopback"
)

// Bounds of the key set's loading.
const (
	MaxJWKSBytes = 1 << 20          // a key set larger than this is refused
	MinRefresh   = 30 * time.Second // least time between two fetches for unknown key ids
	MaxKeyAge    = 15 * time.Minute // a set older than this is fetched again on next use
	fetchTimeout = 10 * time.Second
)

// keySource holds the current key set and how to load it again.
type keySource struct {
	fetch func(context.Context) ([]byte, error)
	now   func() time.Time
	mu    sync.Mutex
	set   jose.JSONWebKeySet
	at    time.Time // when set was loaded
}

func newKeySource(src string, now func() time.Time) (*keySource, error) {
	u, err := url.Parse(src)
	if err == nil && (u.Scheme == "https" || u.Scheme == "http") {
		if u.Scheme == "http" && !loopbackHost(u.Hostname()) {
			return nil, fmt.Errorf("-oauth-jwks %s: use https; plain http only on a loopback host", src)
		}
		client := &http.Client{Timeout: fetchTimeout, CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse // a key set moved elsewhere is an error, not followed
		}}
		return &keySource{now: now, fetch: func(ctx context.Context) ([]byte, error) { return get(ctx, client, src) }}, nil
	}
	return &keySource{now: now, fetch: func(context.Context) ([]byte, error) { return readFile(src) }}, nil
}

func loopbackHost(host string) bool {
	ok, _ := loopback.Addr(net.JoinHostPort(host, "0"))
	return ok
}

func get(ctx context.Context, client *http.Client, src string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, src, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("answered HTTP %d", resp.StatusCode)
	}
	return readLimited(resp.Body)
}

func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f)
}

func readLimited(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxJWKSBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxJWKSBytes {
		return nil, fmt.Errorf("key set over %d bytes", MaxJWKSBytes)
	}
	return data, nil
}

// load fetches and parses the set; only public signing keys are kept.
func (k *keySource) load(ctx context.Context) error {
	data, err := k.fetch(ctx)
	if err != nil {
		return err
	}
	set, err := parseSet(data)
	if err != nil {
		return err
	}
	k.mu.Lock()
	k.set, k.at = set, k.now()
	k.mu.Unlock()
	return nil
}

func parseSet(data []byte) (jose.JSONWebKeySet, error) {
	var raw jose.JSONWebKeySet
	if err := json.Unmarshal(data, &raw); err != nil {
		return jose.JSONWebKeySet{}, fmt.Errorf("not a JSON Web Key Set: %w", err)
	}
	var set jose.JSONWebKeySet
	for _, key := range raw.Keys {
		if key.IsPublic() && key.Valid() && (key.Use == "" || key.Use == "sig") {
			set.Keys = append(set.Keys, key)
		}
	}
	if len(set.Keys) == 0 {
		return set, fmt.Errorf("no public signing key in the set")
	}
	return set, nil
}

// key finds the key for a token's key id and algorithm, refetching once when the id is
// unknown or the set is old.
func (k *keySource) key(ctx context.Context, kid string, alg string) (jose.JSONWebKey, error) {
	k.mu.Lock()
	age := k.now().Sub(k.at)
	key, found := pick(k.set, kid, alg)
	k.mu.Unlock()
	if (!found && age >= MinRefresh) || age >= MaxKeyAge {
		if err := k.load(ctx); err == nil {
			k.mu.Lock()
			key, found = pick(k.set, kid, alg)
			k.mu.Unlock()
		}
	}
	if !found {
		return jose.JSONWebKey{}, invalid("no key %q for %s in the authorization server's key set", clip(kid), clip(alg))
	}
	return key, nil
}

// pick returns the key with this id whose algorithm, when the key declares one, is alg. A
// token without a key id matches only a set of exactly one key.
func pick(set jose.JSONWebKeySet, kid, alg string) (jose.JSONWebKey, bool) {
	keys := set.Key(kid)
	if kid == "" && len(set.Keys) == 1 {
		keys = set.Keys
	}
	for _, key := range keys {
		if key.Algorithm == "" || key.Algorithm == alg {
			return key, true
		}
	}
	return jose.JSONWebKey{}, false
}
