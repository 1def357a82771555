package sensitive

// identity.go decides which inputs name the acting identity: who the request is made as. The
// server authenticates the login, so an id the model passes normally names the target of the
// action (the customer a helpdesk ticket is for, the user to follow, the owner of a new
// repository), which the server's authorization checks; what a model must not choose is who
// is acting, which an API that trusts an argument for it lets the model pick. A name says so
// when its entity is the actor (viewerId, actorId, requesterId, principalId, callerId,
// tenantId), when a word before the entity says acting (currentUserId, actingUserId,
// asUserId, onBehalfOfUserId, impersonatedUserId, sessionUserId), and, outside a filter, when
// it names who did it (authorId, creatorId, senderId, submitterEmail: a post's author is whom
// it is posted as; filter.authorId is whose posts to list). Identity, broader, says whether a
// name identifies anyone at all, for a reviewer of a catalog change.

// idLast are the last words of a name that identifies someone.
var idLast = map[string]bool{"id": true, "ids": true, "uuid": true, "email": true, "login": true}

// actingEntity are entities that are the actor whatever the context.
var actingEntity = map[string]bool{
	"viewer": true, "actor": true, "requester": true, "requestor": true, "principal": true,
	"caller": true, "tenant": true, "impersonator": true,
}

// doerEntity are entities that name who did what a write records: the acting identity in a
// write's input, a target in a filter.
var doerEntity = map[string]bool{"author": true, "creator": true, "sender": true, "submitter": true}

// subjectEntity are entities that are a target unless a word before them says acting.
var subjectEntity = map[string]bool{
	"user": true, "owner": true, "account": true, "customer": true, "member": true,
	"organization": true, "org": true, "person": true, "profile": true,
}

// actingWords before an entity make it the acting one: currentUserId, asUserId.
var actingWords = map[string]bool{
	"acting": true, "current": true, "as": true, "behalf": true, "impersonated": true,
	"impersonate": true, "logged": true, "authenticated": true, "auth": true, "session": true,
	"calling": true, "requesting": true, "self": true, "my": true, "me": true, "effective": true,
}

// filterWords in an enclosing input's name make it a filter: its ids select, they do not act.
var filterWords = map[string]bool{
	"filter": true, "filters": true, "where": true, "condition": true, "conditions": true,
	"criteria": true, "search": true, "query": true, "match": true,
}

// identityFirst are the entities whose id names someone: the actor or a target.
var identityFirst = map[string]bool{
	"user": true, "owner": true, "tenant": true, "account": true, "customer": true,
	"member": true, "actor": true, "viewer": true, "author": true, "organization": true,
	"org": true, "principal": true, "requester": true, "creator": true,
}

// Identity reports whether an input name identifies someone, the actor or the action's target:
// userId, ownerId, tenantId, accountId, customerId, actorId and the like, in any casing. A
// reviewer of a catalog change should see such an input added (catdiff); the lint asks the
// narrower IdentityIn, whether it says who is acting.
func Identity(name string) bool {
	ws := Words(name)
	if len(ws) < 2 || !idLast[ws[len(ws)-1]] {
		return false
	}
	return identityFirst[ws[len(ws)-2]]
}

// IdentityIn reports whether the input name, held by the inputs named by within (outermost
// first: filter, customer for filter.customer.userId), names the acting identity: see the
// file comment.
func IdentityIn(name string, within []string) bool {
	ws := Words(name)
	if len(ws) < 2 || !idLast[ws[len(ws)-1]] {
		return false
	}
	entity := ws[len(ws)-2]
	if len(within) > 0 && elementOf(entity, within[len(within)-1]) {
		return false // bypassActors.actorId: the id of one of the listed actors
	}
	acting := false
	for _, w := range ws[:len(ws)-2] {
		if !actingWords[w] && !(w == "on" || w == "of") {
			return false // pushActorIds, targetOwnerId, providerAccountId: a role, not the caller
		}
		acting = acting || actingWords[w]
	}
	switch {
	case actingEntity[entity]:
		return true
	case doerEntity[entity]:
		return acting || !inFilter(within)
	case subjectEntity[entity]:
		return acting
	}
	return false
}

// elementOf reports whether an enclosing input's name is a list or object of the entity
// (bypassActors for actor, collaborators is not one of user).
func elementOf(entity, up string) bool {
	for _, w := range Words(up) {
		if w == entity || w == entity+"s" {
			return true
		}
	}
	return false
}

// inFilter reports whether an enclosing input is a filter (filter, where, searchCriteria).
func inFilter(within []string) bool {
	for _, up := range within {
		for _, w := range Words(up) {
			if filterWords[w] {
				return true
			}
		}
	}
	return false
}
