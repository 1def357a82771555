package pending

import (
	"context"
	"encoding/hex"
	"errors"
	"time"

	"github.com/toolgen/toolgen/toolrt"
)

// Deferrer records a deferred run's writes in this store, each waiting ttl (0: DefaultTTL).
func (s *Store) Deferrer(ttl time.Duration) toolrt.Deferrer { return deferrer{s, ttl} }

type deferrer struct {
	s   *Store
	ttl time.Duration
}

func (d deferrer) Propose(ctx context.Context, w toolrt.DeferredWrite) (toolrt.Receipt, error) {
	text := make([]ModelText, len(w.ModelText))
	for i, t := range w.ModelText {
		text[i] = ModelText{Path: t.Path, Value: t.Value}
	}
	r, created, err := d.s.Propose(ctx, Proposal{
		Key: w.Key, Run: w.Run, Tool: w.Tool, Operation: w.Operation, Endpoint: w.Endpoint,
		Body: w.Body, Variables: w.Variables, ModelText: text, User: w.User, Role: w.Role, Caller: w.Caller, TTL: d.ttl,
		Catalog: w.Catalog.Digest, CatalogSource: w.Catalog.Source,
	})
	var ce *ConflictError
	if errors.As(err, &ce) {
		return toolrt.Receipt{}, &toolrt.ConflictError{ID: ce.ID}
	}
	if err != nil {
		return toolrt.Receipt{}, err
	}
	if r.BodySHA != hex.EncodeToString(w.BodySHA[:]) { // the runtime's hash and the store's must agree
		return toolrt.Receipt{}, errors.New("pending: the recorded body hash differs from the prepared one")
	}
	return toolrt.Receipt{ID: r.ID, State: string(r.StateAt(time.Now())), Expires: r.Expires, Retried: !created}, nil
}
