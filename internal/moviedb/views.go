package moviedb

// This file resolves the watch-list types from copies taken under the state's lock, and the two
// abstract types: the Content interface (a movie or a TV show) and the SearchResult union.

import (
	graphql "github.com/graph-gophers/graphql-go"
)

// listView resolves WatchList from a snapshot.
type listView struct {
	cat   *catalog
	owner *user
	list  watchList
}

func (v *listView) ID() graphql.ID       { return idOf(v.list.num) }
func (v *listView) User() *user          { return v.owner }
func (v *listView) Name() string         { return v.list.name }
func (v *listView) Description() *string { return v.list.description }
func (v *listView) IsPublic() bool       { return v.list.public }
func (v *listView) CreatedAt() dateTime  { return dateTime{v.list.createdAt} }
func (v *listView) ItemCount() int32     { return int32(len(v.list.items)) }

// Items resolves WatchList.items in id order.
func (v *listView) Items() []*itemView {
	out := make([]*itemView, len(v.list.items))
	for i, it := range v.list.items {
		out[i] = &itemView{cat: v.cat, item: it}
	}
	return out
}

// itemView resolves WatchListItem from a snapshot.
type itemView struct {
	cat  *catalog
	item watchListItem
}

func (v *itemView) ID() graphql.ID     { return idOf(v.item.num) }
func (v *itemView) TitleType() string  { return v.item.titleType }
func (v *itemView) AddedAt() dateTime  { return dateTime{v.item.addedAt} }
func (v *itemView) Watched() bool      { return v.item.watched }
func (v *itemView) UserNotes() *string { return v.item.notes }

// Title is null when the movie or show behind the entry does not exist.
func (v *itemView) Title() *content { return v.cat.title(v.item.titleType, v.item.titleID) }

// WatchedAt resolves WatchListItem.watchedAt.
func (v *itemView) WatchedAt() *dateTime {
	if v.item.watchedAt == nil {
		return nil
	}
	return &dateTime{*v.item.watchedAt}
}

// addResponse resolves AddWatchListItemResponse.
type addResponse struct {
	Success bool
	Item    *itemView
	Error   *addError
}

// addError resolves AddWatchListItemError.
type addError struct {
	Code    string
	Message string
}

// content resolves the Content interface: exactly one of movie and show is set.
type content struct {
	movie *movie
	show  *tvShow
}

func (c *content) ToMovie() (*movie, bool)   { return c.movie, c.movie != nil }
func (c *content) ToTvShow() (*tvShow, bool) { return c.show, c.show != nil }

// ID resolves Content.id.
func (c *content) ID() graphql.ID {
	if c.movie != nil {
		return c.movie.ID
	}
	return c.show.ID
}

// Title resolves Content.title.
func (c *content) Title() string {
	if c.movie != nil {
		return c.movie.Title
	}
	return c.show.Title
}

// Genre resolves Content.genre.
func (c *content) Genre() *string {
	if c.movie != nil {
		return c.movie.Genre
	}
	return c.show.Genre
}

// Rating resolves Content.rating.
func (c *content) Rating() *float64 {
	if c.movie != nil {
		return c.movie.Rating
	}
	return c.show.Rating
}

// PosterURL resolves Content.posterUrl.
func (c *content) PosterURL() *string {
	if c.movie != nil {
		return c.movie.PosterURL
	}
	return c.show.PosterURL
}

// searchResult resolves the SearchResult union: exactly one field is set.
type searchResult struct {
	movie  *movie
	person *person
	show   *tvShow
}

func (r *searchResult) ToMovie() (*movie, bool)   { return r.movie, r.movie != nil }
func (r *searchResult) ToPerson() (*person, bool) { return r.person, r.person != nil }
func (r *searchResult) ToTvShow() (*tvShow, bool) { return r.show, r.show != nil }
