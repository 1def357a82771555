package main

// This file decides what a confirm that this process's catalog cannot check does to the
// request. The store records the catalog a write was proposed under (digest and location), so
// a confirmer that loaded another one (the embedded catalog because -catalog was forgotten, a
// copy elsewhere) changes nothing and says which catalog to load, while a request whose own
// catalog changed since the proposal (the same file regenerated, another agent binary) is
// refused for good, as it always was.

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/pending"
)

// cannotConfirm handles a request this process's catalog (prov) cannot confirm, for why.
func (e *Env) cannotConfirm(ctx context.Context, st *pending.Store, r *pending.Request, prov toolrt.Provenance, c confirmer, why error) error {
	reason := strings.TrimPrefix(why.Error(), "request "+r.ID+": ")
	switch {
	case r.Catalog == "":
		return fmt.Errorf("request %s cannot be confirmed with %s: %s. It was recorded before the pending store kept the catalog of a proposal, so this may not be the catalog it was proposed under; nothing changed, it is still pending: confirm it with that catalog (-catalog), or `agent reject %s`",
			r.ID, gate.Escape(prov.String()), reason, r.ID)
	case r.Catalog == prov.Digest:
		// Its own catalog cannot rebuild the stored write: the store was edited.
	case r.CatalogSource == prov.Location():
		reason = fmt.Sprintf("its catalog (%s) changed since it was proposed, from %s to %s: %s", gate.Escape(prov.Source), r.Catalog, prov.Digest, reason)
	default:
		return fmt.Errorf("request %s was proposed under catalog %s (%s); this process loaded %s (%s), which cannot confirm it: %s. Nothing changed: the request is still pending; %s",
			r.ID, r.Catalog, gate.Escape(r.CatalogSource), prov.Digest, gate.Escape(prov.Source), reason, loadHint(r.CatalogSource))
	}
	refused, err := st.Refuse(ctx, r.ID, c.String(), reason, time.Now())
	return e.final(refused, err, audit.Refused)
}

// loadHint says how to load the catalog a request was proposed under.
func loadHint(source string) string {
	if (toolrt.Provenance{Source: source}).Embedded() {
		return "confirm it without -catalog (and without catalog: in agent.yaml), with the agent binary that proposed it"
	}
	return "confirm it with -catalog " + gate.Escape(source)
}

// noteOtherCatalog says when a request checks out under a catalog other than its own: the
// stored body is still exactly what this catalog builds for the tool, so it may be sent.
func (e *Env) noteOtherCatalog(r *pending.Request, prov toolrt.Provenance) {
	if r.Catalog == "" || r.Catalog == prov.Digest {
		return
	}
	fmt.Fprintf(e.Out, "note: request %s was proposed under catalog %s (%s); this process loaded %s, whose %s builds exactly the stored body\n",
		r.ID, r.Catalog, gate.Escape(r.CatalogSource), gate.Escape(prov.String()), gate.Escape(r.Tool))
}
