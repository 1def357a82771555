package moviedb

// This file is the seed's users, watch lists, watch-list items and reviews, as docs/demo-data.md lists
// them. Reviews give "username=score" pairs per title; the comment follows from the score.

// userRow is one seeded account; ids are positions + 1.
type userRow struct {
	username, password, role, email string
}

var userRows = []userRow{
	{"admin", "admin123", roleAdmin, "admin@moviedb.com"},
	{"user", "user123", roleUser, "user@moviedb.com"},
	{"mara", "password", roleUser, "mara@example.com"},
	{"petra", "password", roleUser, "petra@example.com"},
	{"dan", "password", roleUser, "dan@example.com"},
	{"ines", "password", roleUser, "ines@example.com"},
	{"tomas", "password", roleUser, "tomas@example.com"},
	{"sofia", "password", roleUser, "sofia@example.com"},
	{"henrik", "password", roleUser, "henrik@example.com"},
	{"lucia", "password", roleUser, "lucia@example.com"},
	{"noor", "password", roleUser, "noor@example.com"},
	{"viktor", "password", roleUser, "viktor@example.com"},
}

// listRow is one seeded watch list; ids are positions + 1.
type listRow struct {
	name, description string
	owner             int64
	public            bool
}

var listRows = []listRow{
	{"To watch this weekend", "Short list for the next couple of evenings", 2, false},
	{"All-time favourites", "The ones worth rewatching", 2, false},
	{"Staff picks", "A public list anyone can read", 1, true},
}

// itemRow is one seeded watch-list item; ids are positions + 1, so the next new item is 5.
type itemRow struct {
	list      int64
	titleType string
	titleID   int64
	watched   bool
	notes     string
}

var itemRows = []itemRow{
	{1, titleMovie, 40, false, ""},
	{1, titleTVShow, 3, false, ""},
	{2, titleMovie, 1, true, "Still the best ending in cinema"},
	{3, titleMovie, 42, false, ""},
}

// reviewRow is the reviews of one title, "username=score" separated by spaces.
type reviewRow struct {
	titleType string
	titleID   int64
	scores    string
}

var reviewRows = []reviewRow{
	{titleMovie, 1, "admin=10 henrik=9 mara=10 petra=9 dan=10 ines=9 tomas=10 sofia=9"},
	{titleMovie, 40, "admin=9 mara=8 dan=9 henrik=10 lucia=8 noor=9"},
	{titleMovie, 42, "user=10 petra=9 tomas=9 viktor=8 sofia=10"},
	{titleMovie, 2, "user=10 ines=9"},
	{titleMovie, 14, "mara=8 dan=7 lucia=8 noor=9"},
	{titleMovie, 61, "petra=8 sofia=9 viktor=7"},
	{titleTVShow, 1, "admin=8"},
	{titleTVShow, 2, "user=9"},
	{titleTVShow, 3, "admin=7"},
}

// reviewComments gives each score a comment; index is the score.
var reviewComments = [...]string{
	"", "Could not finish it.", "Not for me.", "Weak.", "Had its moments.", "Fine, nothing more.",
	"Decent evening.", "Good, with a few slow stretches.", "Very good, would watch again.",
	"Excellent from start to finish.", "A masterpiece.",
}
