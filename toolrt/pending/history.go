package pending

// This file makes a request's history, not only its state column, decide whether it may still be
// sent: a claim or a send recorded since the request was last reopened means the write may have
// left, whatever the state says now.

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// sinceReopened selects the claim and send events of the row `requests` after its last
// `reopened` event (the explicit step that makes a request found not sent confirmable again).
const sinceReopened = `c.request_id = requests.id AND c.event IN ('claimed', 'sent')
	AND c.seq > (SELECT COALESCE(MAX(o.seq), 0) FROM events o WHERE o.request_id = requests.id AND o.event = 'reopened')`

// claimedSinceReopened is a subquery for the conditional UPDATEs: a pending row with such an
// event must not move to sending or to a final state that says "not sent".
const claimedSinceReopened = `SELECT 1 FROM events c WHERE ` + sinceReopened

// claims returns the claim and send events of request id since it was last reopened, oldest first.
func claims(ctx context.Context, tx *sql.Tx, id string) ([]Event, error) {
	rows, err := tx.QueryContext(ctx, `SELECT c.at, c.event, c.actor, c.detail FROM requests JOIN events c ON `+sinceReopened+`
		WHERE requests.id = ? ORDER BY c.seq`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return scanEvents(rows)
}

// restoreClaimed checks a pending request's history. If it holds a claim since the request was
// last reopened, the state column was set back: the request goes back to the state its history
// says (sent when a send was recorded, else sending, with the claim's actor and time, so `agent
// stuck` shows it), the repair is recorded as an event, and why is ErrClaimedBefore with what
// the history holds. Nothing is sent either way.
func restoreClaimed(ctx context.Context, tx *sql.Tx, r *Request, actor string, now time.Time) (why, err error) {
	prior, err := claims(ctx, tx, r.ID)
	if err != nil || len(prior) == 0 {
		return nil, err
	}
	to, by := Sending, prior[0]
	for _, ev := range prior {
		switch ev.Event {
		case "claimed":
			by = ev
		case "sent":
			to = Sent
		}
	}
	res, err := tx.ExecContext(ctx, `UPDATE requests SET state = ?, decided_by = ?, decided_at = ? WHERE id = ? AND state = ?`,
		string(to), by.Actor, by.At.UnixMilli(), r.ID, string(Pending))
	if err != nil {
		return nil, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return nil, fmt.Errorf("request %s changed while it was being checked; run the command again", r.ID)
	}
	said := fmt.Sprintf("%s by %s at %s", by.Event, by.Actor, by.At.Format(time.RFC3339))
	if err := event(ctx, tx, r.ID, now, "restored", actor,
		fmt.Sprintf("the store said pending but the history holds %s; state set back to %s", said, to)); err != nil {
		return nil, err
	}
	r.State, r.DecidedBy, r.Decided = to, by.Actor, by.At
	return fmt.Errorf("request %s: %w (%s), so it may have been sent: it was not sent again, and its state is back to %s", r.ID, ErrClaimedBefore, said, to), nil
}
