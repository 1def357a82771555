package moviedb

// This file resolves the Mutation root that the demo implements: login, register and the
// watch-list writes. Input lengths follow the schema's @Size directives.

import (
	"context"
	"fmt"
	"regexp"
	"time"

	graphql "github.com/graph-gophers/graphql-go"
	"golang.org/x/crypto/bcrypt"
)

type mutationResolver struct{ st *state }

// authResponse resolves AuthResponse.
type authResponse struct {
	Token string
	User  *user
}

// Login checks the password and signs a token; any mismatch is the one "Invalid credentials".
func (m *mutationResolver) Login(args struct {
	Input struct{ Username, Password string }
}) (*authResponse, error) {
	u := m.st.userByName(args.Input.Username)
	if u == nil || !u.passwordMatches(args.Input.Password) {
		return nil, badRequest("credentials", "Invalid credentials")
	}
	return signedIn(u)
}

func signedIn(u *user) (*authResponse, error) {
	token, err := issueToken(u, time.Now())
	if err != nil {
		return nil, internalError(err)
	}
	return &authResponse{Token: token, User: u}, nil
}

// registerInput is RegisterInput.
type registerInput struct{ Username, Email, Password string }

var emailPattern = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)

// Register creates a USER account and signs it in.
func (m *mutationResolver) Register(args struct{ Input registerInput }) (*authResponse, error) {
	in := args.Input
	if err := firstError(
		sizeCheck("username", in.Username, 3, 50), sizeCheck("email", in.Email, 0, 120),
		sizeCheck("password", in.Password, 6, 100), patternCheck("email", in.Email, emailPattern),
	); err != nil {
		return nil, err
	}
	if m.st.userByName(in.Username) != nil { // checked again when storing; this spares a bcrypt hash
		return nil, errUsernameTaken()
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(in.Password), bcrypt.DefaultCost)
	if err != nil {
		return nil, internalError(err)
	}
	u := &user{username: in.Username, email: in.Email, role: roleUser, hash: hash}
	if err := m.st.addUser(u); err != nil {
		return nil, err
	}
	return signedIn(u)
}

// listInput is CreateWatchListInput and UpdateWatchListInput (the create form requires name).
type listInput struct {
	Name        *string
	Description *string
	IsPublic    *bool
}

func (in listInput) change() (listChange, error) {
	err := firstError(sizeCheck("name", deref(in.Name), 0, 120), sizeCheck("description", deref(in.Description), 0, 1000))
	return listChange{name: in.Name, description: in.Description, public: in.IsPublic}, err
}

// CreateWatchList resolves Mutation.createWatchList.
func (m *mutationResolver) CreateWatchList(ctx context.Context, args struct{ Input createListInput }) (*listView, error) {
	c, err := listInput{&args.Input.Name, args.Input.Description, args.Input.IsPublic}.change()
	if err != nil {
		return nil, err
	}
	l, err := m.st.createList(callerFrom(ctx), c)
	return l, accessError(err)
}

// createListInput is CreateWatchListInput, whose name is required.
type createListInput struct {
	Name        string
	Description *string
	IsPublic    *bool
}

// UpdateWatchList resolves Mutation.updateWatchList.
func (m *mutationResolver) UpdateWatchList(ctx context.Context, args struct {
	ID    graphql.ID
	Input listInput
}) (*listView, error) {
	n, err := parseID("id", args.ID)
	if err != nil {
		return nil, err
	}
	c, err := args.Input.change()
	if err != nil {
		return nil, err
	}
	l, err := m.st.updateList(callerFrom(ctx), n, c)
	return l, accessError(err)
}

// deletedResponse resolves DeleteWatchListResponse and RemoveWatchListItemResponse.
type deletedResponse struct {
	Success   bool
	DeletedID *graphql.ID
}

// DeleteWatchList resolves Mutation.deleteWatchList.
func (m *mutationResolver) DeleteWatchList(ctx context.Context, args idArgs) (*deletedResponse, error) {
	return m.deleted(args.ID, func(n int64) error { return m.st.deleteList(callerFrom(ctx), n) })
}

// RemoveWatchListItem resolves Mutation.removeWatchListItem.
func (m *mutationResolver) RemoveWatchListItem(ctx context.Context, args idArgs) (*deletedResponse, error) {
	return m.deleted(args.ID, func(n int64) error { return m.st.removeItem(callerFrom(ctx), n) })
}

func (m *mutationResolver) deleted(id graphql.ID, remove func(int64) error) (*deletedResponse, error) {
	n, err := parseID("id", id)
	if err != nil {
		return nil, err
	}
	if err := accessError(remove(n)); err != nil {
		return nil, err
	}
	return &deletedResponse{Success: true, DeletedID: &id}, nil
}

// addItemInput is AddWatchListItemInput.
type addItemInput struct {
	WatchListID graphql.ID
	TitleID     graphql.ID
	TitleType   string
	UserNotes   *string
}

// AddWatchListItem resolves Mutation.addWatchListItem; see state.addItem for the rules.
func (m *mutationResolver) AddWatchListItem(ctx context.Context, args struct{ Input addItemInput }) (*addResponse, error) {
	in := args.Input
	if err := sizeCheck("userNotes", deref(in.UserNotes), 0, 1000); err != nil {
		return nil, err
	}
	res, err := m.st.addItem(callerFrom(ctx), addRequest{listID: string(in.WatchListID),
		titleID: string(in.TitleID), titleType: in.TitleType, notes: in.UserNotes})
	return res, accessError(err)
}

// MarkWatchListItemWatched resolves Mutation.markWatchListItemWatched.
func (m *mutationResolver) MarkWatchListItemWatched(ctx context.Context, args struct {
	ID      graphql.ID
	Watched bool
}) (*itemView, error) {
	n, err := parseID("id", args.ID)
	if err != nil {
		return nil, err
	}
	it, err := m.st.markWatched(callerFrom(ctx), n, args.Watched)
	return it, accessError(err)
}

// sizeCheck enforces @Size(min, max) on a string, counted in characters.
func sizeCheck(field, value string, lo, hi int) error {
	if n := len([]rune(value)); n < lo || n > hi {
		return badRequest(field, fmt.Sprintf("%s size must be between %d and %d", field, lo, hi))
	}
	return nil
}

// patternCheck enforces @Pattern.
func patternCheck(field, value string, re *regexp.Regexp) error {
	if !re.MatchString(value) {
		return badRequest(field, field+" must match "+re.String())
	}
	return nil
}

func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
