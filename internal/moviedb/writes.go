package moviedb

// This file is the watch-list writes. Each one takes the state's lock once, so concurrent writes
// are serialised and ids are never handed out twice. addWatchListItem follows the original's seven
// steps in order (docs/demo-data.md): the expected mistakes come back as data, foreign lists as errors.

import (
	"fmt"
	"strconv"
	"time"
)

// listChange is the optional fields of createWatchList and updateWatchList.
type listChange struct {
	name        *string
	description *string
	public      *bool
}

// apply copies the fields that are set onto l.
func (c listChange) apply(l *watchList) {
	if c.name != nil {
		l.name = *c.name
	}
	if c.description != nil {
		l.description = c.description
	}
	if c.public != nil {
		l.public = *c.public
	}
}

// createList adds a list owned by the caller; isPublic defaults to false.
func (st *state) createList(caller *user, c listChange) (*listView, error) {
	if caller == nil {
		return nil, errNotSignedIn
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	l := &watchList{num: st.nextList, owner: caller.num, createdAt: time.Now().UTC()}
	c.apply(l)
	st.lists[l.num] = l
	st.nextList++
	return st.view(l), nil
}

// owned returns a list the caller may write; the caller holds mu.
func (st *state) owned(caller *user, id int64) (*watchList, error) {
	if caller == nil {
		return nil, errNotSignedIn
	}
	l, ok := st.lists[id]
	if !ok {
		return nil, fmt.Errorf("WatchList not found: %d", id)
	}
	return l, mayWrite(caller, l)
}

// updateList changes the fields that are set.
func (st *state) updateList(caller *user, id int64, c listChange) (*listView, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	l, err := st.owned(caller, id)
	if err != nil {
		return nil, err
	}
	c.apply(l)
	return st.view(l), nil
}

// deleteList removes a list and its items.
func (st *state) deleteList(caller *user, id int64) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if _, err := st.owned(caller, id); err != nil {
		return err
	}
	delete(st.lists, id)
	return nil
}

// itemRef finds an item and its list; the caller holds mu.
func (st *state) itemRef(caller *user, itemID int64) (*watchList, int, error) {
	if caller == nil {
		return nil, 0, errNotSignedIn
	}
	for _, l := range st.lists {
		for i := range l.items {
			if l.items[i].num == itemID {
				return l, i, mayWrite(caller, l)
			}
		}
	}
	return nil, 0, fmt.Errorf("WatchListItem not found: %d", itemID)
}

// removeItem deletes one entry of the caller's list.
func (st *state) removeItem(caller *user, itemID int64) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	l, i, err := st.itemRef(caller, itemID)
	if err != nil {
		return err
	}
	l.items = append(l.items[:i:i], l.items[i+1:]...)
	return nil
}

// markWatched sets or clears an entry's watched flag and time.
func (st *state) markWatched(caller *user, itemID int64, watched bool) (*itemView, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	l, i, err := st.itemRef(caller, itemID)
	if err != nil {
		return nil, err
	}
	it := &l.items[i]
	it.watched, it.watchedAt = watched, nil
	if watched {
		it.watchedAt = ptr(time.Now().UTC())
	}
	return &itemView{cat: st.cat, item: *it}, nil
}

// addRequest is addWatchListItem's input after GraphQL coercion.
type addRequest struct {
	listID, titleID, titleType string
	notes                      *string
}

// addItem runs the original's checks in order; only a foreign list is an error, the rest is data.
func (st *state) addItem(caller *user, r addRequest) (*addResponse, error) {
	if caller == nil {
		return nil, errNotSignedIn
	}
	listID, err := strconv.ParseInt(r.listID, 10, 64)
	if err != nil {
		return invalidID("watchListId", r.listID), nil
	}
	titleID, err := strconv.ParseInt(r.titleID, 10, 64)
	if err != nil {
		return invalidID("titleId", r.titleID), nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	l, ok := st.lists[listID]
	if !ok {
		return addFailed("WATCHLIST_NOT_FOUND", fmt.Sprintf("No watch list exists with id %d. Call myWatchLists to see the ids you can use.", listID)), nil
	}
	if err := mayWrite(caller, l); err != nil {
		return nil, err
	}
	for _, it := range l.items {
		if it.titleID == titleID && it.titleType == r.titleType {
			return st.added(it), nil // idempotent: the new notes are ignored, as in the original
		}
	}
	if st.cat.title(r.titleType, titleID) == nil {
		return addFailed("TITLE_NOT_FOUND", fmt.Sprintf("No %s exists with id %d", r.titleType, titleID)), nil
	}
	it := watchListItem{num: st.nextItem, titleType: r.titleType, titleID: titleID, addedAt: time.Now().UTC(), notes: r.notes}
	st.nextItem++
	l.items = append(l.items, it)
	return st.added(it), nil
}

func (st *state) added(it watchListItem) *addResponse {
	return &addResponse{Success: true, Item: &itemView{cat: st.cat, item: it}}
}

func invalidID(field, value string) *addResponse {
	return addFailed("INVALID_ID", fmt.Sprintf("%s must be a numeric id such as \"2\", and \"%s\" is not one. Call myWatchLists to see the ids you can use.", field, value))
}

func addFailed(code, message string) *addResponse {
	return &addResponse{Error: &addError{Code: code, Message: message}}
}
