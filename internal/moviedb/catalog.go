package moviedb

// This file holds the read-only half of the data: movies, TV shows, people, credits and reviews.
// The records are shaped for graphql-go's field resolvers (exported fields named after the schema,
// pointers for nullable fields), so most of them resolve themselves; links between records are
// plain pointers, built once by buildCatalog from the seed tables.

import (
	"strconv"
	"strings"
	"sync"

	graphql "github.com/graph-gophers/graphql-go"
)

// movie resolves the schema's Movie.
type movie struct {
	ID          graphql.ID
	Title       string
	ReleaseYear int32
	Genre       *string
	Rating      *float64
	Runtime     *int32
	Plot        *string
	PosterURL   *string
	TmdbID      *int32

	num          int64
	directorList []*person
	castList     []*movieCast
	reviewList   []*review
}

// Directors resolves Movie.directors.
func (m *movie) Directors() []*person { return m.directorList }

// Cast resolves Movie.cast.
func (m *movie) Cast() []*movieCast { return m.castList }

// Reviews resolves Movie.reviews.
func (m *movie) Reviews() []*review { return m.reviewList }

// ReviewCount resolves Movie.reviewCount.
func (m *movie) ReviewCount() int32 { return int32(len(m.reviewList)) }

// CommunityRating is null: the demo server does not call TMDB, which the schema allows.
func (m *movie) CommunityRating() *communityRating { return nil }

// communityRating resolves CommunityRating; the demo server never returns one.
type communityRating struct {
	VoteAverage float64
	VoteCount   int32
}

// person resolves the schema's Person.
type person struct {
	ID          graphql.ID
	Name        string
	BirthYear   *int32
	Biography   *string
	PhotoURL    *string
	CountryCode *countryCode

	num          int64
	directedList []*movie
	castCredits  []*movieCast
	createdList  []*tvShow
	showCredits  []*tvShowCast
}

// DirectedMovies resolves Person.directedMovies.
func (p *person) DirectedMovies() []*movie { return p.directedList }

// MovieCastCredits resolves Person.movieCastCredits.
func (p *person) MovieCastCredits() []*movieCast { return p.castCredits }

// CreatedShows resolves Person.createdShows.
func (p *person) CreatedShows() []*tvShow { return p.createdList }

// TvShowCastCredits resolves Person.tvShowCastCredits.
func (p *person) TvShowCastCredits() []*tvShowCast { return p.showCredits }

// Country is null: the original resolves it from an external countries API the demo does not call.
func (p *person) Country() *country { return nil }

// country resolves Country; only reachable through fields the demo leaves null or unavailable.
type country struct {
	Code     graphql.ID
	Name     string
	Emoji    *string
	Capital  *string
	Currency *string
}

// movieCast resolves MovieCast: one actor in one movie.
type movieCast struct {
	ID            graphql.ID
	CharacterName string
	Person        *person
	Movie         *movie
}

// tvShow resolves the schema's TvShow.
type tvShow struct {
	ID        graphql.ID
	Title     string
	Genre     *string
	Rating    *float64
	PosterURL *string
	StartYear int32
	EndYear   *int32
	Seasons   *int32
	Plot      *string

	num         int64
	creatorList []*person
	castList    []*tvShowCast
	episodeList []*episode
	reviewList  []*review
}

// Creators resolves TvShow.creators.
func (t *tvShow) Creators() []*person { return t.creatorList }

// Cast resolves TvShow.cast.
func (t *tvShow) Cast() []*tvShowCast { return t.castList }

// Episodes resolves TvShow.episodes.
func (t *tvShow) Episodes() []*episode { return t.episodeList }

// Reviews resolves TvShow.reviews.
func (t *tvShow) Reviews() []*review { return t.reviewList }

// tvShowCast resolves TvShowCast.
type tvShowCast struct {
	ID            graphql.ID
	CharacterName string
	Person        *person
	TvShow        *tvShow
}

// episode resolves Episode.
type episode struct {
	ID            graphql.ID
	SeasonNumber  int32
	EpisodeNumber int32
	Title         string
	Overview      *string
	Runtime       *int32
	AirYear       *int32
}

// review resolves Review; its author is a seeded user, which never changes.
type review struct {
	ID        graphql.ID
	Score     int32
	Comment   *string
	CreatedAt dateTime
	User      *user
}

// catalog is every read-only record, indexed by id - 1 (ids are dense, as IDENTITY columns are).
type catalog struct {
	movies []*movie
	people []*person
	shows  []*tvShow
	byName map[string]*person

	seedUsers []*user // the accounts every fresh state starts with; reviews point at them
}

// sharedCatalog builds the catalog once per process: it never changes, so every handler shares it.
var sharedCatalog = sync.OnceValue(buildCatalog)

// movie returns the movie with the given id, or nil.
func (c *catalog) movie(id int64) *movie {
	if id < 1 || id > int64(len(c.movies)) {
		return nil
	}
	return c.movies[id-1]
}

// person returns the person with the given id, or nil.
func (c *catalog) person(id int64) *person {
	if id < 1 || id > int64(len(c.people)) {
		return nil
	}
	return c.people[id-1]
}

// show returns the TV show with the given id, or nil.
func (c *catalog) show(id int64) *tvShow {
	if id < 1 || id > int64(len(c.shows)) {
		return nil
	}
	return c.shows[id-1]
}

// title returns the movie or TV show a watch-list item points at, or nil when it does not exist.
func (c *catalog) title(titleType string, id int64) *content {
	switch titleType {
	case titleMovie:
		if m := c.movie(id); m != nil {
			return &content{movie: m}
		}
	case titleTVShow:
		if t := c.show(id); t != nil {
			return &content{show: t}
		}
	}
	return nil
}

// search returns the movies, people and TV shows whose title or name contains q, in that order.
func (c *catalog) search(q string) []*searchResult {
	q = strings.ToLower(q)
	var out []*searchResult
	for _, m := range c.movies {
		if strings.Contains(strings.ToLower(m.Title), q) {
			out = append(out, &searchResult{movie: m})
		}
	}
	for _, p := range c.people {
		if strings.Contains(strings.ToLower(p.Name), q) {
			out = append(out, &searchResult{person: p})
		}
	}
	for _, t := range c.shows {
		if strings.Contains(strings.ToLower(t.Title), q) {
			out = append(out, &searchResult{show: t})
		}
	}
	return out
}

// idOf renders a numeric id as a GraphQL ID.
func idOf(n int64) graphql.ID { return graphql.ID(strconv.FormatInt(n, 10)) }

// ptr returns a pointer to a copy of v, for the nullable fields of the records.
func ptr[T any](v T) *T { return &v }
