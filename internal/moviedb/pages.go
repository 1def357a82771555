package moviedb

// This file is paging and the movies query's filter and sort. Pages are Spring Data pages: numbered
// from 0, with the total counts; page and size are range-checked as the schema's @Range says.

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	graphql "github.com/graph-gophers/graphql-go"
)

// pageInfo is the counters of MoviePage, PersonPage and TvShowPage (the last two use fewer).
type pageInfo struct {
	TotalElements int32
	TotalPages    int32
	CurrentPage   int32
	Size          int32
	IsFirst       bool
	IsLast        bool
	HasNext       bool
	HasPrevious   bool
}

func newPageInfo(total, page, size int) pageInfo {
	pages := (total + size - 1) / size
	return pageInfo{
		TotalElements: int32(total), TotalPages: int32(pages), CurrentPage: int32(page), Size: int32(size),
		IsFirst: page == 0, IsLast: page >= pages-1, HasNext: page+1 < pages, HasPrevious: page > 0,
	}
}

// moviePage resolves MoviePage.
type moviePage struct {
	Content []*movie
	pageInfo
}

// personPage resolves PersonPage.
type personPage struct {
	Content []*person
	pageInfo
}

// tvShowPage resolves TvShowPage.
type tvShowPage struct {
	Content []*tvShow
	pageInfo
}

// paging applies the defaults and enforces @Range(min: 0) on page and @Range(min: 1, max: 100) on size.
func paging(args pageArgs, defaultSize int) (page, size int, err error) {
	page, size = 0, defaultSize
	if args.Page.Value != nil {
		page = int(*args.Page.Value)
	}
	if args.Size.Value != nil {
		size = int(*args.Size.Value)
	}
	if page < 0 {
		return 0, 0, badRequest("page", fmt.Sprintf("page must be 0 or more, got %d", page))
	}
	if size < 1 || size > 100 {
		return 0, 0, badRequest("size", fmt.Sprintf("size must be between 1 and 100, got %d", size))
	}
	return page, size, nil
}

// moviesArgs is the arguments of Query.movies.
type moviesArgs struct {
	Filter     *movieFilter
	Page, Size graphql.NullInt
	Sort       *movieSort
}

// movieFilter is the MovieFilter input; every condition that is set must hold.
type movieFilter struct {
	Genre            *string
	MinRating        *float64
	MaxRating        *float64
	MinYear, MaxYear *int32
	TitleContains    *string
}

// movieSort is the MovieSort input.
type movieSort struct {
	Field *string
	Order *string
}

func newMoviePage(all []*movie, page, size int) *moviePage {
	return &moviePage{Content: pageOf(all, page, size), pageInfo: newPageInfo(len(all), page, size)}
}

// matches reports whether m passes every condition of f.
func (f *movieFilter) matches(m *movie) bool {
	if f == nil {
		return true
	}
	return (f.Genre == nil || *f.Genre == *m.Genre) &&
		(f.MinRating == nil || *m.Rating >= *f.MinRating) &&
		(f.MaxRating == nil || *m.Rating <= *f.MaxRating) &&
		(f.MinYear == nil || m.ReleaseYear >= *f.MinYear) &&
		(f.MaxYear == nil || m.ReleaseYear <= *f.MaxYear) &&
		(f.TitleContains == nil || strings.Contains(strings.ToLower(m.Title), strings.ToLower(*f.TitleContains)))
}

// sortedMovies filters and sorts; without a sort field the order is by id. Ties keep id order.
func sortedMovies(all []*movie, f *movieFilter, s *movieSort) []*movie {
	out := []*movie{}
	for _, m := range all {
		if f.matches(m) {
			out = append(out, m)
		}
	}
	if s == nil || s.Field == nil {
		return out
	}
	by := movieOrder(*s.Field)
	if s.Order != nil && *s.Order == "DESC" {
		asc := by
		by = func(a, b *movie) int { return asc(b, a) }
	}
	slices.SortStableFunc(out, by)
	return out
}

// movieOrder compares two movies by one MovieSortField.
func movieOrder(field string) func(a, b *movie) int {
	switch field {
	case "TITLE":
		return func(a, b *movie) int { return cmp.Compare(a.Title, b.Title) }
	case "RELEASE_YEAR":
		return func(a, b *movie) int { return cmp.Compare(a.ReleaseYear, b.ReleaseYear) }
	case "RATING":
		return func(a, b *movie) int { return cmp.Compare(*a.Rating, *b.Rating) }
	default: // RUNTIME; the enum admits nothing else
		return func(a, b *movie) int { return cmp.Compare(*a.Runtime, *b.Runtime) }
	}
}
