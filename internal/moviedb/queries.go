package moviedb

// This file resolves the Query root. Ids that are not numbers are BAD_REQUEST, as Spring's argument
// conversion makes them; unknown numeric ids of movies, people and shows are null, as documented.

import (
	"context"
	"strconv"
	"strings"

	graphql "github.com/graph-gophers/graphql-go"
)

// root is the resolver graphql-go is given; one Query, Mutation and Subscription share the state.
type root struct{ st *state }

func (r *root) Query() *queryResolver               { return &queryResolver{r.st} }
func (r *root) Mutation() *mutationResolver         { return &mutationResolver{r.st} }
func (r *root) Subscription() *subscriptionResolver { return &subscriptionResolver{} }

type queryResolver struct{ st *state }

// idArgs is the arguments of the lookups by id.
type idArgs struct{ ID graphql.ID }

// pageArgs is the page and size of the paged fields. They are NullInt, not int32, because
// graphql-go passes null for an argument whose variable the request leaves out, where the spec
// says the argument's default applies; null therefore means "use the default" here.
type pageArgs struct{ Page, Size graphql.NullInt }

// parseID converts an ID argument to the original's Long, or fails as its argument binding does.
func parseID(arg string, id graphql.ID) (int64, error) {
	n, err := strconv.ParseInt(string(id), 10, 64)
	if err != nil {
		return 0, badRequest(arg, "Invalid value '"+string(id)+"' for "+arg)
	}
	return n, nil
}

// MoviesAll resolves the deprecated unbounded list.
func (q *queryResolver) MoviesAll() []*movie { return q.st.cat.movies }

// Movie resolves Query.movie.
func (q *queryResolver) Movie(args idArgs) (*movie, error) {
	n, err := parseID("id", args.ID)
	return q.st.cat.movie(n), err
}

// Movies resolves Query.movies.
func (q *queryResolver) Movies(args moviesArgs) (*moviePage, error) {
	page, size, err := paging(pageArgs{args.Page, args.Size}, 10)
	if err != nil {
		return nil, err
	}
	return newMoviePage(sortedMovies(q.st.cat.movies, args.Filter, args.Sort), page, size), nil
}

// MoviesByIds returns one entry per id, null where no movie has it.
func (q *queryResolver) MoviesByIds(args struct{ Ids []graphql.ID }) (*[]*movie, error) {
	out := make([]*movie, len(args.Ids))
	for i, id := range args.Ids {
		n, err := parseID("ids", id)
		if err != nil {
			return nil, err
		}
		out[i] = q.st.cat.movie(n)
	}
	return &out, nil
}

// SearchMovies resolves the deprecated title search.
func (q *queryResolver) SearchMovies(args struct{ Title string }) []*movie {
	title := strings.ToLower(args.Title)
	out := []*movie{}
	for _, m := range q.st.cat.movies {
		if strings.Contains(strings.ToLower(m.Title), title) {
			out = append(out, m)
		}
	}
	return out
}

// People resolves Query.people.
func (q *queryResolver) People(args pageArgs) (*personPage, error) {
	page, size, err := paging(args, 20)
	if err != nil {
		return nil, err
	}
	all := q.st.cat.people
	return &personPage{Content: pageOf(all, page, size), pageInfo: newPageInfo(len(all), page, size)}, nil
}

// Person resolves Query.person.
func (q *queryResolver) Person(args idArgs) (*person, error) {
	n, err := parseID("id", args.ID)
	return q.st.cat.person(n), err
}

// SearchPeople resolves the deprecated name search.
func (q *queryResolver) SearchPeople(args struct{ Name string }) []*person {
	out := []*person{}
	for _, r := range q.st.cat.search(args.Name) {
		if r.person != nil {
			out = append(out, r.person)
		}
	}
	return out
}

// Search resolves Query.search: movies, then people, then TV shows, each in id order.
func (q *queryResolver) Search(args struct{ Query string }) []*searchResult {
	return q.st.cat.search(args.Query)
}

// Country needs the external countries API the demo does not call.
func (q *queryResolver) Country(struct{ Code graphql.ID }) (*country, error) {
	return nil, notAvailable("country")
}

// TmdbSearch needs TMDB, which the demo does not call.
func (q *queryResolver) TmdbSearch(struct{ Title string }) ([]*tmdbResult, error) {
	return nil, notAvailable("tmdbSearch")
}

// TvShow resolves Query.tvShow.
func (q *queryResolver) TvShow(args idArgs) (*tvShow, error) {
	n, err := parseID("id", args.ID)
	return q.st.cat.show(n), err
}

// TvShows resolves Query.tvShows.
func (q *queryResolver) TvShows(args pageArgs) (*tvShowPage, error) {
	page, size, err := paging(args, 10)
	if err != nil {
		return nil, err
	}
	all := q.st.cat.shows
	return &tvShowPage{Content: pageOf(all, page, size), pageInfo: newPageInfo(len(all), page, size)}, nil
}

// MyWatchLists needs a signed-in caller.
func (q *queryResolver) MyWatchLists(ctx context.Context) ([]*listView, error) {
	lists, err := q.st.myLists(callerFrom(ctx))
	return lists, accessError(err)
}

// PublicWatchLists is readable by anyone.
func (q *queryResolver) PublicWatchLists(args pageArgs) ([]*listView, error) {
	page, size, err := paging(args, 20)
	if err != nil {
		return nil, err
	}
	return q.st.publicLists(page, size), nil
}

// WatchList resolves Query.watchList.
func (q *queryResolver) WatchList(ctx context.Context, args idArgs) (*listView, error) {
	n, err := parseID("id", args.ID)
	if err != nil {
		return nil, err
	}
	l, err := q.st.readList(callerFrom(ctx), n)
	return l, accessError(err)
}
