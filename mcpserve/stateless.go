// This file serves stateless streamable HTTP (protocol 2026-07-28): no session, so any replica
// answers any request. A write waiting for approval cannot wait in one replica's memory, so
// its request state carries what the retry must match, signed with a key the replicas share:
// the caller and role, the tool, the SHA-256 of the arguments and of the exact body the user
// was shown, an expiry and a nonce. The replica that gets the retry checks the signature and
// every field, prepares the call again from the same arguments, and sends only if the body it
// builds is the one the user approved. Nothing in the state is secret; nothing in it is
// trusted unless its signature verifies.

package mcpserve

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/gate"
)

// MinStateKeyBytes is the shortest key accepted for signing request states.
const MinStateKeyBytes = 32

// stateClaims is what a signed request state says.
type stateClaims struct {
	Caller string `json:"c"` // caller id and role, "" without authentication
	Tool   string `json:"t"`
	Args   string `json:"a"` // hex SHA-256 of the compacted arguments (argsHash)
	Body   string `json:"b"` // the approval request's fingerprint: what the user was shown
	Exp    int64  `json:"e"` // unix seconds
	Nonce  string `json:"n"`
}

// stateCodec signs and opens request states, and remembers the nonces it has accepted until
// they expire, so one replica resumes a state at most once. (Another replica holding the key
// could accept the same state again until it expires: see docs/mcp.md.)
type stateCodec struct {
	key  []byte
	now  func() time.Time
	mu   sync.Mutex
	used map[string]time.Time
}

func newStateCodec(key []byte) (*stateCodec, error) {
	if key == nil {
		key = make([]byte, MinStateKeyBytes)
		_, _ = rand.Read(key) // never fails (crypto/rand)
	}
	if len(key) < MinStateKeyBytes {
		return nil, fmt.Errorf("mcpserve: the request-state key has %d bytes; use at least %d random bytes", len(key), MinStateKeyBytes)
	}
	return &stateCodec{key: key, now: time.Now, used: map[string]time.Time{}}, nil
}

// issue signs c, with a fresh nonce and PendingTTL to live.
func (sc *stateCodec) issue(c stateClaims) string {
	c.Nonce = rand.Text()
	c.Exp = sc.now().Add(PendingTTL).Unix()
	payload, _ := json.Marshal(c) // strings and an int: cannot fail
	enc := base64.RawURLEncoding
	return enc.EncodeToString(payload) + "." + enc.EncodeToString(sc.mac(payload))
}

func (sc *stateCodec) mac(payload []byte) []byte {
	m := hmac.New(sha256.New, sc.key)
	m.Write([]byte("toolgen mcp request state v1\n")) // a MAC for this use only
	m.Write(payload)
	return m.Sum(nil)
}

// errState is every refusal of a request state; the client learns nothing more.
var errState = errors.New("unknown, expired, used or forged request state")

// open verifies a state and takes its nonce: a state opens once.
func (sc *stateCodec) open(state string) (stateClaims, error) {
	var c stateClaims
	p, sig, ok := strings.Cut(state, ".")
	enc := base64.RawURLEncoding
	payload, err1 := enc.DecodeString(p)
	mac, err2 := enc.DecodeString(sig)
	if !ok || err1 != nil || err2 != nil || !hmac.Equal(mac, sc.mac(payload)) {
		return c, errState
	}
	if json.Unmarshal(payload, &c) != nil || c.Nonce == "" {
		return c, errState
	}
	now := sc.now()
	exp := time.Unix(c.Exp, 0)
	if !now.Before(exp) {
		return c, errState
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	for n, until := range sc.used {
		if !now.Before(until) {
			delete(sc.used, n)
		}
	}
	if _, seen := sc.used[c.Nonce]; seen {
		return c, errState
	}
	sc.used[c.Nonce] = exp
	return c, nil
}

// matches reports whether a retried call is the one the state was issued for.
func (c stateClaims) matches(who, tool string, raw []byte) bool {
	sum := argsHash(raw)
	return hmac.Equal([]byte(c.Caller), []byte(who)) && c.Tool == tool && c.Args == hex.EncodeToString(sum[:])
}

// who binds a state to its caller and role.
func who(c *caller) string {
	if c == nil {
		return ""
	}
	return c.id + "\x00" + c.role
}

// signedState is the request state of a write waiting for approval over stateless HTTP.
func (s *Server) signedState(req *mcp.CallToolRequest, name string, raw []byte, pr *toolrt.Prepared) string {
	sum := argsHash(raw)
	return s.state.issue(stateClaims{
		Caller: who(callerOf(req.Extra)), Tool: name, Args: hex.EncodeToString(sum[:]), Body: pr.Request().Fingerprint(),
	})
}

// resumeSigned finishes a write whose approval was asked by this or another replica: the
// call is prepared again and sent only when the state verifies, names this caller, tool and
// arguments, and the body built now is the one the user was shown. Every other retry is
// audited as a denial, and nothing is sent.
func (s *Server) resumeSigned(ctx context.Context, st *session, req *mcp.CallToolRequest, name string, raw []byte) (toolrt.Result, error) {
	pr, res, err := st.run.Prepare(ctx, name, raw)
	if pr == nil {
		return res, err
	}
	c, err := s.state.open(req.Params.RequestState)
	d := answerOf(req.Params.InputResponses)
	switch {
	case err != nil:
		d = gate.Decision{Reason: "unknown request state"}
	case !c.matches(who(callerOf(req.Extra)), name, raw):
		d = gate.Decision{Reason: "mismatched retry"}
	case !pr.NeedsApproval() || pr.Request().Fingerprint() != c.Body:
		d = gate.Decision{Reason: "the write changed since it was shown"}
	}
	if !d.Approved && d.Reason != "decline" && d.Reason != "cancel" {
		s.cfg.Logger.Warn("mcp retry refused", "tool", name, "why", d.Reason, "caller", callerOf(req.Extra))
	}
	return st.run.Resume(ctx, pr, d)
}
