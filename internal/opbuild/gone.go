package opbuild

// gone.go answers a removing mutation with what it removed in summary form (docs/selection.md,
// "What a removal answers"). A mutation whose name says it deletes, removes, archives, cancels or
// detaches something (monday's delete_item, Unchained's removeProduct, Hasura's
// delete_users_by_pk) selected the removed entity like any other result: in detail, with its one
// hop, about what no longer exists. The removed entity is the result the mutation's name names
// (its noun: the words after the verb up to a preposition, else the words before it), or a
// result of another type than the container it was removed from (the words after "from"); it now
// answers with its summary (id, name) and the leaves that say its state (state, status,
// deletedAt, archived), which is how the agent confirms which thing went and that it did. A
// container the name does not name as the removed thing (Vendure's removeCouponCode answers the
// order, clear_item_updates the item) keeps its detail: it changed, and its detail says how.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/plural"
	"github.com/toolgen/toolgen/internal/sensitive"
	"github.com/vektah/gqlparser/v2/ast"
)

// removingVerbs are the words of a mutation's name that say it removes its object, or takes it
// out of use or out of what holds it. A state change of a lasting thing (close, deactivate,
// disable, dismiss) is not one: the thing stays, and its detail is the answer.
var removingVerbs = []string{"delete", "remove", "destroy", "archive", "cancel", "unpublish", "detach", "unassign", "unlink", "purge", "erase", "discard", "trash", "uninstall"}

// goneStates are the first words of a leaf that says something was removed (deleted, deletedAt,
// archived_at, cancelledAt).
var goneStates = []string{"deleted", "removed", "destroyed", "archived", "cancelled", "canceled", "unpublished", "detached", "unassigned", "unlinked", "purged", "erased", "discarded", "trashed", "uninstalled"}

// removedNoun is the words naming what the mutation called name removes: the words after its
// removing verb up to the first preposition (delete_subscribers_from_board: subscribers;
// delete_users_by_pk: users), else the words before the verb (collectionDelete: collection); nil
// when the name has no removing verb.
func removedNoun(name string) []string {
	ws := sensitive.Words(name)
	i := slices.IndexFunc(ws, func(w string) bool { return slices.Contains(removingVerbs, w) })
	if i < 0 {
		return nil
	}
	after := ws[i+1:]
	if j := slices.IndexFunc(after, func(w string) bool { return slices.Contains(prepositions, w) }); j >= 0 {
		after = after[:j]
	}
	if len(after) > 0 {
		return after
	}
	return slices.DeleteFunc(slices.Clone(ws[:i]), func(w string) bool { return w == "bulk" || w == "batch" })
}

var prepositions = []string{"from", "to", "in", "on", "for", "of", "by", "with", "as", "into", "at"}

// sameNoun: the words of name are noun's, singular and plural alike.
func sameNoun(name string, noun []string) bool {
	ws := sensitive.Words(name)
	if len(ws) != len(noun) {
		return false
	}
	for i, w := range ws {
		if plural.Key(w) != plural.Key(noun[i]) {
			return false
		}
	}
	return true
}

// sameHead: name's last word is noun's (delete_timeline_item's item is an Item, removeCartItem's
// an OrderItem).
func sameHead(name string, noun []string) bool {
	ws := sensitive.Words(name)
	return len(ws) > 0 && len(noun) > 0 && plural.Key(last(ws)) == plural.Key(last(noun))
}

// removedFields are the fields of payload t that hold what noun names, by the first test any
// field passes: its name is the noun (fulfillmentOrder, not replacementFulfillmentOrder), its
// type's name is (deleteDiscussionComment's comment: DiscussionComment; Hasura's returning:
// [accounts]), its name ends in the noun's last word (removeEnterpriseAdmin's admin), its type's
// name does (subscriptionDraftLineRemove's lineRemoved: SubscriptionLine).
func (b *Builder) removedFields(t *ast.Definition, noun []string) []*ast.FieldDefinition {
	tests := []func(f *ast.FieldDefinition) bool{
		func(f *ast.FieldDefinition) bool { return sameNoun(f.Name, noun) },
		func(f *ast.FieldDefinition) bool { return sameNoun(f.Type.Name(), noun) },
		func(f *ast.FieldDefinition) bool { return sameHead(f.Name, noun) },
		func(f *ast.FieldDefinition) bool { return sameHead(f.Type.Name(), noun) },
	}
	for _, test := range tests {
		var out []*ast.FieldDefinition
		for _, f := range t.Fields {
			if n := b.named(f); n != nil && !isLeaf(n) && !b.errorLike(f) && test(f) {
				out = append(out, f)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// goneSet is the selection of a removed t: its summary and state leaves; an abstract t its
// interface's summary, else its members' summaries; nil for what has no summary (a connection,
// a page, an edge, an object without leaves), which keeps its selection.
func (b *Builder) goneSet(t *ast.Definition) []*node {
	if !b.identified(t) {
		return nil
	}
	if isAbstract(t) {
		if t.Kind == ast.Interface {
			if g := b.summaryGroupWith(t, b.stateLeaves(t)); g != nil {
				return []*node{typename(), g}
			}
		}
		return b.abstract(t, false)
	}
	if b.connection(t) != nil || b.page(t) != nil || b.isEdge(t) {
		return nil
	}
	if g := b.summaryGroupWith(t, b.stateLeaves(t)); g != nil {
		return []*node{g}
	}
	return nil
}

// identified: t, or every member of an abstract t, has an id (id, or Mongo's _id), so that its
// summary says which thing it was. Without one a summary's telling leaves leave out the keys
// that identify it (Shopify's deletedMetafields: MetafieldIdentifier { key namespace ownerId }
// would answer { key }), and the detail stays.
func (b *Builder) identified(t *ast.Definition) bool {
	if t.Kind == ast.Union {
		return !slices.ContainsFunc(b.members(t), func(m *ast.Definition) bool { return !b.identified(m) })
	}
	return t.Fields.ForName("id") != nil || t.Fields.ForName("_id") != nil
}

// stateLeaves are t's leaves that say its state (state and status, or an enum whose name ends
// so: displayStatus) or that it was removed (deleted, deletedAt, archived): an OAuth account's
// session_state String is no state of the account.
func (b *Builder) stateLeaves(t *ast.Definition) []*ast.FieldDefinition {
	var out []*ast.FieldDefinition
	for _, f := range b.leaves(t) {
		ws := sensitive.Words(f.Name)
		enum := b.named(f) != nil && b.named(f).Kind == ast.Enum
		if w := last(ws); f.Name == "state" || f.Name == "status" || enum && (w == "state" || w == "status") || slices.Contains(goneStates, ws[0]) {
			out = append(out, f)
		}
	}
	return out
}

// goneRoot is the selection of a removing mutation f's result t when t is what f removes (its
// name's noun names t: monday's delete_timeline_item returns a TimelineItem that no other field
// returns, an entity all the same, not a payload), with the note saying so; nil otherwise.
func (b *Builder) goneRoot(f *ast.FieldDefinition, t *ast.Definition) ([]*node, string) {
	noun := removedNoun(f.Name)
	if noun == nil || !sameNoun(t.Name, noun) && !sameHead(t.Name, noun) && !removedFrom(f.Name, t.Name) {
		return nil, ""
	}
	kids := b.goneSet(t)
	if kids == nil {
		return nil, ""
	}
	return kids, goneNote(f.Name, t.Name)
}

// removedFrom: mutation name removes something from a container (its words after "from") that
// is not typeName, so a result of that type is what was removed: monday's
// delete_subscribers_from_board returns the Users it took off the board.
func removedFrom(name, typeName string) bool {
	ws := sensitive.Words(name)
	i := slices.Index(ws, "from")
	return i >= 0 && i+1 < len(ws) && !sameNoun(typeName, ws[i+1:]) && !sameHead(typeName, ws[i+1:])
}

// gonePayload puts the fields of payload t that hold what mutation f removes in summary form.
func (b *Builder) gonePayload(f *ast.FieldDefinition, t *ast.Definition, kids []*node) string {
	noun := removedNoun(f.Name)
	if noun == nil {
		return ""
	}
	var names []string
	for _, p := range b.removedFields(t, noun) {
		i := slices.IndexFunc(kids, func(k *node) bool { return k.name == p.Name })
		if i < 0 {
			continue
		}
		if set := b.goneSet(b.named(p)); set != nil {
			kids[i].kids = set
			names = append(names, p.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return goneNote(f.Name, strings.Join(names, ", "))
}

func goneNote(mutation, what string) string {
	return fmt.Sprintf("answers what %s removes (%s) in summary form, with its state: the rest would describe what is gone; an override can select more", mutation, what)
}
