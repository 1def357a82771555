package main

// confirm sends one deferred write, once, from this process and with the confirmer's own
// identity (a login, by default as the user who proposed it, or AGENT_CONFIRMER_TOKEN; never
// AGENT_TOKEN). The stored bytes go out unchanged, and only if the request is pending, has not
// expired, its hash matches and its body is still what this catalog builds. A second confirm
// prints the recorded outcome and sends nothing.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/toolgen/toolgen/toolrt"
	"github.com/toolgen/toolgen/toolrt/audit"
	"github.com/toolgen/toolgen/toolrt/gate"
	"github.com/toolgen/toolgen/toolrt/pending"
)

func init() {
	register(command{
		name: "confirm", order: 62,
		summary: "send a deferred write once, as you (AGENT_PASSWORD or AGENT_CONFIRMER_TOKEN)",
		prompt:  "request id",
		run:     runConfirm,
		usage:   "ID [sha256:PREFIX]",
		args:    "ID      a deferred write's request id (agent pending lists them)\nPREFIX  12+ hex digits of the body hash agent review showed: confirms without the y/N question",
		groups:  []string{"pending", "catalog", "runtime"},
		login:   true,
	})
}

// outcomeWait is how long a confirm waits for the outcome of a send another confirmer claimed.
const outcomeWait = 15 * time.Second

func runConfirm(ctx context.Context, e *Env, args []string) error {
	if len(args) < 1 || len(args) > 2 {
		fmt.Fprintln(e.Err, "usage: agent confirm [-endpoint URL] [-user NAME] REQUEST-ID [sha256:HASH-PREFIX]   (password from AGENT_PASSWORD, or AGENT_CONFIRMER_TOKEN)")
		return errUsage
	}
	st, r, err := e.request(ctx, args[0])
	if err != nil {
		return err
	}
	if len(args) == 2 {
		if err := checkReviewed(r, args[1]); err != nil {
			return err
		}
	}
	if r.StateAt(time.Now()) != pending.Pending { // decided or expired: no login, no send
		if r.State == pending.Pending {
			expired, err := st.Claim(ctx, r.ID, r.Body, e.actor(), time.Now())
			if expired == nil || !errors.Is(err, pending.ErrExpired) {
				return e.decidedMeanwhile(ctx, st, expired, err)
			}
			return e.final(expired, err, audit.Expired)
		}
		return e.recorded(ctx, st, r)
	}
	return e.confirm(ctx, st, r, len(args) == 2)
}

// confirm signs in, checks, asks on a terminal unless the reviewed hash was given, then claims
// and sends.
func (e *Env) confirm(ctx context.Context, st *pending.Store, r *pending.Request, reviewed bool) error {
	c, err := e.confirmer(r)
	if err != nil {
		return err
	}
	w := toolrt.StoredWrite{Request: r.ID, Tool: r.Tool, Body: r.Body, BodySHA: r.BodySHA, Caller: r.Caller}
	rt, prov, err := e.confirmerRuntime(r, c)
	var u uncheckable
	switch {
	case errors.As(err, &u): // this catalog does not declare the request's role
		return e.cannotConfirm(ctx, st, r, prov, c, err)
	case err != nil:
		return err
	}
	if err := rt.Login(ctx); err != nil {
		return err
	}
	if cerr := rt.CheckStored(w); cerr != nil {
		return e.cannotConfirm(ctx, st, r, prov, c, cerr)
	}
	e.noteOtherCatalog(r, prov)
	if err := e.askBeforeSending(ctx, r, reviewed); err != nil {
		return err
	}
	claimed, err := st.Claim(ctx, r.ID, r.Body, c.String(), time.Now())
	switch {
	case errors.Is(err, pending.ErrClaimedBefore):
		return e.claimedBefore(claimed, err)
	case errors.Is(err, pending.ErrDecided):
		return e.recorded(ctx, st, claimed)
	case errors.Is(err, pending.ErrExpired):
		return e.final(claimed, err, audit.Expired)
	case errors.Is(err, pending.ErrTampered):
		return e.final(claimed, err, audit.Refused)
	case err != nil:
		return err
	}
	return e.send(ctx, st, rt, w, c)
}

// reviewedDigits is how many hex digits of the reviewed body hash a confirm needs: 48 bits, so
// someone who can write the store cannot find another body with the same prefix (32 bits, the
// 8 digits once asked for, are matched in minutes on one machine).
const reviewedDigits = 12

// checkReviewed binds a confirmation to the body a person reviewed: `agent review` prints the
// hash, and confirming with its prefix refuses a body that changed in between. The error for a
// short prefix does not print the hash: a confirm must follow a review, not its error message.
func checkReviewed(r *pending.Request, arg string) error {
	prefix := strings.ToLower(strings.TrimPrefix(arg, "sha256:"))
	if strings.Trim(prefix, "0123456789abcdef") != "" {
		return fmt.Errorf("%q is not a body hash: give sha256: and at least %d hex digits of the hash; `agent review %s` prints the whole hash and the confirm command with it", arg, reviewedDigits, r.ID)
	}
	if len(prefix) < reviewedDigits {
		return fmt.Errorf("%q has %d hex digits of the body hash; give at least %d: `agent review %s` prints the whole hash and the confirm command with it", arg, len(prefix), reviewedDigits, r.ID)
	}
	if !strings.HasPrefix(r.BodySHA, prefix) {
		return fmt.Errorf("request %s: its body hash is sha256:%s, not the sha256:%s… you reviewed; nothing was sent (review it again)", r.ID, r.BodySHA, prefix)
	}
	return nil
}

// send makes the one request the claim allows and records its outcome, even after Ctrl-C.
func (e *Env) send(ctx context.Context, st *pending.Store, rt *toolrt.Runtime, w toolrt.StoredWrite, c confirmer) error {
	fmt.Fprintf(e.Out, "sending request %s as %s: %s, body sha256:%s\n", w.Request, gate.Escape(c.String()), gate.Escape(w.Tool), w.BodySHA)
	// The send gives up well before pending.SettleAfter, so a request an operator may resolve
	// is never still being sent by a live confirm.
	sendCtx, cancel := context.WithTimeout(ctx, pending.SettleAfter/2)
	res, sendErr := rt.SendStored(sendCtx, w)
	cancel()
	if res.Decision == audit.AuditFailed { // nothing left: the write is not taken unrecorded
		aerr := st.Abort(context.WithoutCancel(ctx), w.Request, c.String(), "the audit trail could not be written", time.Now())
		return errors.Join(fmt.Errorf("request %s was not sent: %w", w.Request, sendErr), aerr)
	}
	outcome := res.Outcome
	if outcome == "" {
		outcome = "unknown" // claimed, and the send did not report: it may have happened
	}
	ferr := st.Finish(context.WithoutCancel(ctx), w.Request, c.String(), pending.Outcome{Outcome: outcome, Result: res.Text}, time.Now())
	fmt.Fprintf(e.Out, "request %s confirmed by %s and sent once: outcome %s\nresult: %s\n", w.Request, gate.Escape(c.String()), outcome, gate.EscapeLines(res.Text))
	if err := errors.Join(sendErr, ferr); err != nil {
		return err
	}
	if outcome == unauthenticated {
		return fmt.Errorf("request %s: the API refused the confirming credential, so the write did not run; the request is closed (outcome unauthenticated): get a valid credential (AGENT_PASSWORD for a login, or a new %s) and have the write proposed again", w.Request, ConfirmerTokenEnv)
	}
	if outcome != "ok" && outcome != "graphql_errors" {
		return fmt.Errorf("request %s: the send ended with outcome %s; check the data before proposing it again", w.Request, outcome)
	}
	return nil
}

// recorded prints the decision already taken. A request another confirmer is sending is waited
// for briefly, so both confirmers can report the one outcome.
func (e *Env) recorded(ctx context.Context, st *pending.Store, r *pending.Request) error {
	deadline := time.Now().Add(outcomeWait)
	if settled := r.Decided.Add(pending.SettleAfter); settled.Before(deadline) {
		deadline = settled // a claim this old has no live confirm left to wait for
	}
	for r.State == pending.Sending && time.Now().Before(deadline) {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
		fresh, err := st.Get(ctx, r.ID)
		if err != nil {
			return err
		}
		r = fresh
	}
	if err := e.auditDecision(r, audit.Recorded); err != nil {
		return err
	}
	switch r.State {
	case pending.Sent:
		fmt.Fprintf(e.Out, "request %s was already confirmed by %s at %s and sent once (outcome %s); not sent again\nresult: %s\n",
			r.ID, gate.Escape(r.DecidedBy), r.Decided.Format(time.RFC3339), gate.Escape(r.Outcome), gate.EscapeLines(r.Result))
		return nil
	case pending.Sending:
		return fmt.Errorf("request %s was claimed by %s at %s and its outcome is not recorded yet; not sent again (`agent review %s` shows it later; if that confirm is gone, `agent stuck` lists it and `agent resolve` records what you find)",
			r.ID, gate.Escape(r.DecidedBy), r.Decided.Format(time.RFC3339), r.ID)
	case pending.Unsent:
		return fmt.Errorf("request %s was claimed and then found not sent (%s); it is not sent unless reopened: agent resolve %s reopen WHY...", r.ID, gate.Escape(r.Reason), r.ID)
	}
	return e.notSent(r, pending.ErrDecided)
}

// notSent reports a request that will never be sent.
func (e *Env) notSent(r *pending.Request, err error) error {
	if r == nil {
		return err
	}
	why := string(r.State)
	if r.Reason != "" {
		why += ": " + r.Reason
	}
	return fmt.Errorf("request %s was not sent and will not be (%s, decided by %s at %s)", r.ID, gate.Escape(why), gate.Escape(r.DecidedBy), r.Decided.Format(time.RFC3339))
}

// final reports a request that will never be sent, and audits that decision.
func (e *Env) final(r *pending.Request, err error, decision audit.Decision) error {
	return errors.Join(e.notSent(r, err), e.auditDecision(r, decision))
}

// auditDecision writes one audit line for a decision that sent nothing: the proposal's role, and
// who decided (-user, else the OS account). Its error is the command's: a decision the trail
// does not hold is reported, though the store already has it.
func (e *Env) auditDecision(r *pending.Request, decision audit.Decision) error {
	return e.auditOutcome(r, decision, "not_sent")
}

// auditOutcome is auditDecision with the outcome the decision records.
func (e *Env) auditOutcome(r *pending.Request, decision audit.Decision, outcome string) error {
	if r == nil {
		return nil
	}
	if err := e.openAudit(); err != nil {
		return err
	}
	return e.audit.Write(audit.Record{
		Time: time.Now().UTC(), Run: r.Run, Role: r.Role, User: e.actor(), Tool: r.Tool, Decision: decision,
		Outcome: outcome, Body: "sha256:" + r.BodySHA, Request: r.ID,
	})
}

// decidedMeanwhile reports a request that another process decided between our read and our claim.
func (e *Env) decidedMeanwhile(ctx context.Context, st *pending.Store, r *pending.Request, err error) error {
	switch {
	case r != nil && errors.Is(err, pending.ErrClaimedBefore):
		return e.claimedBefore(r, err)
	case r == nil || !errors.Is(err, pending.ErrDecided):
		return err
	}
	return e.recorded(ctx, st, r)
}

// claimedBefore reports a request that read pending although its history holds a claim: the
// store put it back and nothing was sent.
func (e *Env) claimedBefore(r *pending.Request, err error) error {
	return errors.Join(fmt.Errorf("%w; `agent stuck` lists it and `agent resolve` decides it after checking", err), e.auditDecision(r, audit.Recorded))
}
