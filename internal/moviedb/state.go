package moviedb

// This file is the mutable half of the data, one per handler: accounts and watch lists behind a
// single mutex. Every read hands out a copy (a view), so resolvers running in parallel never touch
// shared memory, and every write checks the original's rules in the original's order.

import (
	"fmt"
	"sync"
	"time"
)

// Title types of watch-list items, as the TitleTypeEnum values.
const (
	titleMovie  = "MOVIE"
	titleTVShow = "TV_SHOW"
)

// watchList is a stored list; items are kept in id order, which is insertion order.
type watchList struct {
	num, owner  int64
	name        string
	description *string
	public      bool
	createdAt   time.Time
	items       []watchListItem
}

// watchListItem is a stored entry of a list.
type watchListItem struct {
	num       int64
	titleType string
	titleID   int64
	addedAt   time.Time
	watched   bool
	watchedAt *time.Time
	notes     *string
}

// state is one server's accounts and watch lists.
type state struct {
	cat *catalog

	mu       sync.Mutex
	users    []*user // index is id - 1
	lists    map[int64]*watchList
	nextList int64
	nextItem int64
}

// newState seeds a fresh state: the seed accounts, lists 1–3 and items 1–4.
func newState(cat *catalog) *state {
	st := &state{cat: cat, users: append([]*user(nil), cat.seedUsers...), lists: map[int64]*watchList{}}
	for i, r := range listRows {
		st.lists[int64(i+1)] = &watchList{num: int64(i + 1), owner: r.owner, name: r.name,
			description: ptr(r.description), public: r.public, createdAt: seedTime}
	}
	for i, r := range itemRows {
		it := watchListItem{num: int64(i + 1), titleType: r.titleType, titleID: r.titleID, addedAt: seedTime, watched: r.watched}
		if r.watched {
			it.watchedAt = ptr(seedTime)
		}
		if r.notes != "" {
			it.notes = ptr(r.notes)
		}
		l := st.lists[r.list]
		l.items = append(l.items, it)
	}
	st.nextList, st.nextItem = int64(len(listRows)+1), int64(len(itemRows)+1)
	return st
}

// userByName returns the account with that username, or nil.
func (st *state) userByName(name string) *user {
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, u := range st.users {
		if u.username == name {
			return u
		}
	}
	return nil
}

// addUser stores u with the next id unless the username is taken.
func (st *state) addUser(u *user) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, other := range st.users {
		if other.username == u.username {
			return errUsernameTaken()
		}
	}
	u.num = int64(len(st.users) + 1)
	st.users = append(st.users, u)
	return nil
}

func errUsernameTaken() error { return badRequest("username", "Username already taken") }

// view copies l for resolvers; the caller holds mu.
func (st *state) view(l *watchList) *listView {
	c := *l
	c.items = append([]watchListItem(nil), l.items...)
	return &listView{cat: st.cat, owner: st.users[l.owner-1], list: c}
}

// views copies the lists that keep returns true for, in id order; the caller holds mu.
func (st *state) views(keep func(*watchList) bool) []*listView {
	out := []*listView{}
	for id := int64(1); id < st.nextList; id++ {
		if l, ok := st.lists[id]; ok && keep(l) {
			out = append(out, st.view(l))
		}
	}
	return out
}

// myLists returns the caller's lists in id order: the original's findByUser has no ORDER BY.
func (st *state) myLists(caller *user) ([]*listView, error) {
	if caller == nil {
		return nil, errNotSignedIn
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.views(func(l *watchList) bool { return l.owner == caller.num }), nil
}

// publicLists returns one page of the public lists.
func (st *state) publicLists(page, size int) []*listView {
	st.mu.Lock()
	defer st.mu.Unlock()
	all := st.views(func(l *watchList) bool { return l.public })
	return pageOf(all, page, size)
}

// readList returns a list the caller may read: public ones to anyone, private ones to the owner.
func (st *state) readList(caller *user, id int64) (*listView, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	l, ok := st.lists[id]
	if !ok {
		return nil, fmt.Errorf("WatchList not found: %d", id)
	}
	if !l.public {
		if err := mayWrite(caller, l); err != nil {
			return nil, err
		}
	}
	return st.view(l), nil
}

// mayWrite enforces "authenticated and owner".
func mayWrite(caller *user, l *watchList) error {
	switch {
	case caller == nil:
		return errNotSignedIn
	case l.owner != caller.num:
		return errNotOwner
	}
	return nil
}

// pageOf returns items[page*size : page*size+size], clipped; page and size are already validated.
func pageOf[T any](items []T, page, size int) []T {
	start := min(page*size, len(items))
	return items[start:min(start+size, len(items))]
}
