package moviedb

// This file is the part of the schema the demo server does not run: catalogue edits, reviews and
// the review subscription. graphql-go checks every field against a resolver when the schema is
// parsed, so each still has a typed method and input; each answers "<field> is not available in
// the demo server" instead of failing silently. Keeping the catalogue read-only lets every
// handler share it.

import graphql "github.com/graph-gophers/graphql-go"

// DeleteMovie is not available.
func (m *mutationResolver) DeleteMovie(idArgs) (*deleteMovieResponse, error) {
	return nil, notAvailable("deleteMovie")
}

// DeletePerson is not available.
func (m *mutationResolver) DeletePerson(struct {
	ID    graphql.ID
	Force bool
}) (*deletePersonResponse, error) {
	return nil, notAvailable("deletePerson")
}

// CreateMovie is not available.
func (m *mutationResolver) CreateMovie(struct{ Input createMovieInput }) (*movie, error) {
	return nil, notAvailable("createMovie")
}

// UpdateMovie is not available.
func (m *mutationResolver) UpdateMovie(struct{ Input updateMovieInput }) (*movie, error) {
	return nil, notAvailable("updateMovie")
}

// CreatePerson is not available.
func (m *mutationResolver) CreatePerson(struct{ Input createPersonInput }) (*person, error) {
	return nil, notAvailable("createPerson")
}

// UpdatePerson is not available.
func (m *mutationResolver) UpdatePerson(struct{ Input updatePersonInput }) (*person, error) {
	return nil, notAvailable("updatePerson")
}

// CreateReview is not available.
func (m *mutationResolver) CreateReview(struct{ Input createReviewInput }) (*review, error) {
	return nil, notAvailable("createReview")
}

// DeleteReview is not available.
func (m *mutationResolver) DeleteReview(idArgs) (*deletedResponse, error) {
	return nil, notAvailable("deleteReview")
}

type subscriptionResolver struct{}

// ReviewAdded is not available: the demo speaks plain HTTP, not WebSocket.
func (subscriptionResolver) ReviewAdded(struct{ MovieID, TvShowID *graphql.ID }) (<-chan *reviewNotification, error) {
	return nil, notAvailable("reviewAdded")
}

// reviewNotification resolves ReviewNotification.
type reviewNotification struct {
	Review   *review
	MovieID  *graphql.ID
	TvShowID *graphql.ID
	Title    string
}

// deleteMovieResponse resolves DeleteMovieResponse.
type deleteMovieResponse struct {
	Success   bool
	Message   string
	DeletedID *graphql.ID
}

// deletePersonResponse resolves DeletePersonResponse.
type deletePersonResponse struct {
	Success   bool
	Error     *string
	DeletedID *graphql.ID
}

// tmdbResult resolves TmdbResult.
type tmdbResult struct {
	TmdbID      int32
	Title       string
	ReleaseYear *int32
	Overview    *string
	PosterURL   *string
	Rating      *float64
}

// createMovieInput is CreateMovieInput.
type createMovieInput struct {
	Title       string
	ReleaseYear int32
	Genre       string
	Rating      *float64
	Runtime     *int32
	Plot        *string
	PosterURL   *string
	TmdbID      *int32
}

// updateMovieInput is UpdateMovieInput.
type updateMovieInput struct {
	ID          graphql.ID
	Title       *string
	ReleaseYear *int32
	Genre       *string
	Rating      *float64
	Runtime     *int32
	Plot        *string
	PosterURL   *string
	TmdbID      *int32
}

// createPersonInput is CreatePersonInput.
type createPersonInput struct {
	Name        string
	BirthYear   *int32
	CountryCode *countryCode
}

// updatePersonInput is UpdatePersonInput.
type updatePersonInput struct {
	ID          graphql.ID
	Name        *string
	BirthYear   *int32
	CountryCode *countryCode
}

// createReviewInput is CreateReviewInput; its subject is the @oneOf ReviewSubjectInput.
type createReviewInput struct {
	Subject struct{ MovieID, TvShowID *graphql.ID }
	Score   int32
	Comment *string
}
