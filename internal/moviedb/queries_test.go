package moviedb

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSearchMatrix(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	type hit struct{ Typename, ID, Title string }
	var data struct{ Search []hit }
	resp := gql(t, url, "", `{ search(query: "MaTrIx") { typename: __typename ... on Movie { id title } ... on TvShow { id title } ... on Person { id } } }`, nil, &data)
	want := []hit{
		{"Movie", "42", "The Matrix"}, {"Movie", "43", "The Matrix Reloaded"},
		{"Movie", "44", "The Matrix Revolutions"}, {"Movie", "45", "The Matrix Resurrections"},
	}
	if diff := cmp.Diff(want, data.Search); diff != "" || len(resp.Errors) > 0 {
		t.Errorf("(-want +got):\n%s\nerrors: %+v", diff, resp.Errors)
	}
	var mixed struct{ Search []struct{ Typename string } }
	gql(t, url, "", `{ search(query: "seinfeld") { typename: __typename } }`, nil, &mixed)
	if diff := cmp.Diff(`[{Person} {TvShow}]`, strings.ReplaceAll(fmtAny(mixed.Search), "Typename:", "")); diff != "" {
		t.Errorf("seinfeld (-want +got):\n%s", diff)
	}
}

func TestTheMatrixCycle(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	var data struct {
		Movie struct {
			Title, ReleaseYear, Genre, Rating, Runtime, TmdbID any
			Directors                                          []struct{ ID, Name string }
			Cast                                               []struct {
				CharacterName string
				Person        struct{ ID, Name string }
				Movie         struct {
					Cast []struct{ Movie struct{ ID string } }
				}
			}
			ReviewCount int
		}
	}
	gql(t, url, "", `{ movie(id: "42") { title releaseYear genre rating runtime tmdbId directors { id name }
	  cast { characterName person { id name } movie { cast { movie { id } } } } reviewCount } }`, nil, &data)
	m := data.Movie
	got := fmtAny([]any{m.Title, m.ReleaseYear, m.Genre, m.Rating, m.Runtime, m.TmdbID, m.Directors, m.ReviewCount})
	want := "[The Matrix 1999 SCIFI 8.7 136 603 [{ID:17 Name:Lana Wachowski} {ID:18 Name:Lilly Wachowski}] 5]"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("movie 42 (-want +got):\n%s", diff)
	}
	var cast []string
	for _, c := range m.Cast {
		cast = append(cast, c.Person.Name+" as "+c.CharacterName+" in "+c.Movie.Cast[0].Movie.ID)
	}
	if diff := cmp.Diff([]string{"Keanu Reeves as Neo in 42", "Carrie-Anne Moss as Trinity in 42"}, cast); diff != "" {
		t.Errorf("cast (-want +got):\n%s", diff)
	}
}

func TestMoviesPaging(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	const q = `query($f: MovieFilter, $p: Int, $s: Int, $o: MovieSort) { movies(filter: $f, page: $p, size: $s, sort: $o) {
	  content { id } totalElements totalPages currentPage size isFirst isLast hasNext hasPrevious } }`
	tests := []struct {
		name string
		vars map[string]any
		want string
	}{
		{"defaults", nil, "[1 2 3 4 5 6 7 8 9 10] 71 8 0 10 true false true false"},
		{"last page", map[string]any{"p": 7}, "[71] 71 8 7 10 false true false true"},
		{"past the end", map[string]any{"p": 9}, "[] 71 8 9 10 false true false true"},
		{"filter", map[string]any{"f": map[string]any{"genre": "WESTERN"}}, "[68 69] 2 1 0 10 true true false false"},
		{"title and years", map[string]any{"f": map[string]any{"titleContains": "die hard", "minYear": 1990, "maxYear": 2007}}, "[8 9 10] 3 1 0 10 true true false false"},
		{"ratings", map[string]any{"f": map[string]any{"minRating": 9.0}, "o": map[string]any{"field": "RATING", "order": "DESC"}}, "[1 2 3 6 67] 5 1 0 10 true true false false"},
		{"runtime asc", map[string]any{"s": 3, "o": map[string]any{"field": "RUNTIME"}}, "[17 54 6] 71 24 0 3 true false true false"},
		{"title", map[string]any{"s": 2, "o": map[string]any{"field": "TITLE", "order": "ASC"}}, "[6 11] 71 36 0 2 true false true false"},
		{"no match", map[string]any{"f": map[string]any{"minRating": 9.5}}, "[] 0 0 0 10 true true false false"},
	}
	for _, tt := range tests {
		var data struct{ Movies moviePageJSON }
		resp := gql(t, url, "", q, tt.vars, &data)
		if diff := cmp.Diff(tt.want, data.Movies.String()); diff != "" || len(resp.Errors) > 0 {
			t.Errorf("%s (-want +got):\n%s\nerrors: %+v", tt.name, diff, resp.Errors)
		}
	}
	for _, vars := range []map[string]any{{"s": 0}, {"s": 101}, {"p": -1}} {
		resp := gql(t, url, "", q, vars, nil)
		if diff := cmp.Diff([]string{"BAD_REQUEST"}, classifications(resp)); diff != "" || string(resp.Data) != "null" {
			t.Errorf("%v (-want +got):\n%s\ndata: %s", vars, diff, resp.Data)
		}
	}
}

// moviePageJSON is a MoviePage as the paging test reads it.
type moviePageJSON struct {
	Content                                      []struct{ ID string }
	TotalElements, TotalPages, CurrentPage, Size int
	IsFirst, IsLast, HasNext, HasPrevious        bool
}

func (p moviePageJSON) String() string {
	ids := make([]string, len(p.Content))
	for i, c := range p.Content {
		ids[i] = c.ID
	}
	return fmt.Sprint(ids, p.TotalElements, p.TotalPages, p.CurrentPage, p.Size, p.IsFirst, p.IsLast, p.HasNext, p.HasPrevious)
}

func TestOtherQueries(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	tests := []struct{ query, want string }{
		{`{ person(id: "50") { name countryCode movieCastCredits { movie { id } } } }`, `{"person":{"name":"Keanu Reeves","countryCode":"CA","movieCastCredits":[{"movie":{"id":"42"}},{"movie":{"id":"43"}},{"movie":{"id":"44"}},{"movie":{"id":"45"}}]}}`},
		{`{ person(id: "999") { name } }`, `{"person":null}`},
		{`{ tvShow(id: "3") { title startYear endYear seasons creators { name } } }`, `{"tvShow":{"title":"Game of Thrones","startYear":2011,"endYear":2019,"seasons":8,"creators":[{"name":"David Benioff"},{"name":"D.B. Weiss"}]}}`},
		{`{ tvShows(size: 2) { content { id } totalElements totalPages } }`, `{"tvShows":{"content":[{"id":"1"},{"id":"2"}],"totalElements":3,"totalPages":2}}`},
		{`{ moviesByIds(ids: ["5", "500"]) { title } }`, `{"moviesByIds":[{"title":"Forrest Gump"},null]}`},
		{`{ searchMovies(title: "godfather") { id } }`, `{"searchMovies":[{"id":"2"},{"id":"3"},{"id":"4"}]}`},
		{`{ searchPeople(name: "wachowski") { id } }`, `{"searchPeople":[{"id":"17"},{"id":"18"}]}`},
		{`{ publicWatchLists { id name items { title { title } } } }`, `{"publicWatchLists":[{"id":"3","name":"Staff picks","items":[{"title":{"title":"The Matrix"}}]}]}`},
		{`{ movie(id: "2") { reviews { score user { username } } } }`, `{"movie":{"reviews":[{"score":10,"user":{"username":"user"}},{"score":9,"user":{"username":"ines"}}]}}`},
		{`{ movie(id: "1") { communityRating { voteAverage } } }`, `{"movie":{"communityRating":null}}`},
	}
	for _, tt := range tests {
		resp := gql(t, url, "", tt.query, nil, nil)
		if diff := cmp.Diff(tt.want, string(resp.Data)); diff != "" || len(resp.Errors) > 0 {
			t.Errorf("%s (-want +got):\n%s\nerrors: %+v", tt.query, diff, resp.Errors)
		}
	}
}

func TestNotAvailableFields(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	token := login(t, url, "admin", "admin123")
	fields := map[string]string{
		"country":      `{ country(code: "CZ") { name } }`,
		"tmdbSearch":   `{ tmdbSearch(title: "x") { title } }`,
		"deleteMovie":  `mutation { deleteMovie(id: "1") { success } }`,
		"deletePerson": `mutation { deletePerson(id: "1") { success } }`,
		"createMovie":  `mutation { createMovie(input: {title: "x", releaseYear: 2000, genre: DRAMA}) { id } }`,
		"updateMovie":  `mutation { updateMovie(input: {id: "1"}) { id } }`,
		"createPerson": `mutation { createPerson(input: {name: "x", countryCode: "cz"}) { id } }`,
		"updatePerson": `mutation { updatePerson(input: {id: "1"}) { id } }`,
		"createReview": `mutation { createReview(input: {subject: {movieId: "1"}, score: 5}) { id } }`,
		"deleteReview": `mutation { deleteReview(id: "1") { success } }`,
	}
	for field, query := range fields {
		resp := gql(t, url, token, query, nil, nil)
		want := []gqlErr{{Message: field + " is not available in the demo server", Path: []any{field},
			Extensions: map[string]any{"classification": "OperationNotSupported"}}}
		if diff := cmp.Diff(want, resp.Errors); diff != "" {
			t.Errorf("%s (-want +got):\n%s", field, diff)
		}
	}
}

func TestOneOfIsEnforced(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	resp := gql(t, url, "", `mutation { createReview(input: {subject: {movieId: "1", tvShowId: "1"}, score: 5}) { id } }`, nil, nil)
	if len(resp.Errors) != 1 || resp.Data != nil {
		t.Errorf("two subjects: errors %+v data %s, want a validation error and no data", resp.Errors, resp.Data)
	}
}
