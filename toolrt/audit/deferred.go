package audit

// Decisions of a deferred write (-approve defer): proposed by one process, decided in another.
const (
	DecisionDeferred  = "deferred"  // recorded as a pending request; nothing was sent
	DecisionConflict  = "conflict"  // another write already holds this proposal's key; nothing recorded
	DecisionConfirmed = "confirmed" // a person confirmed the request in a separate process; sent once
	DecisionRejected  = "rejected"  // a person rejected the request; never sent
	DecisionRefused   = "refused"   // the stored write failed a check (hash, tool); never sent
	DecisionRecorded  = "recorded"  // a repeated confirm read the recorded outcome; nothing sent
	// An operator's finding about a request whose confirm died after claiming it (agent
	// resolve); Outcome is what they found, "sent" or "not_sent". Nothing was sent by it.
	DecisionResolved = "resolved"
	DecisionReopened = "reopened" // a request resolved as not sent made pending again; nothing sent
)
