package moviedb

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSeedMatchesSeeddata pins the facts docs/demo-data.md states, read straight from the catalogue.
func TestSeedMatchesSeeddata(t *testing.T) {
	t.Parallel()
	c := sharedCatalog()
	if len(c.movies) != 71 || len(c.shows) != 3 || len(c.seedUsers) != 12 {
		t.Fatalf("%d movies, %d shows, %d users; want 71, 3, 12", len(c.movies), len(c.shows), len(c.seedUsers))
	}
	genres := map[string]int{}
	for _, m := range c.movies {
		genres[*m.Genre]++
	}
	wantGenres := map[string]int{"DRAMA": 5, "CRIME": 6, "ACTION": 7, "COMEDY": 11, "SCIFI": 23, "THRILLER": 2,
		"MYSTERY": 1, "HORROR": 6, "ROMANCE": 4, "WAR": 1, "FANTASY": 3, "WESTERN": 2}
	if diff := cmp.Diff(wantGenres, genres); diff != "" {
		t.Errorf("movies per genre (-want +got):\n%s", diff)
	}
	var people []string
	for _, p := range c.people[:50] {
		people = append(people, p.Name)
	}
	want := "Christopher Nolan,David Fincher,Martin Scorsese,Francis Ford Coppola,Stanley Kubrick,Ridley Scott," +
		"Denis Villeneuve,James Cameron,Peter Jackson,Frank Darabont,Robert Zemeckis,John McTiernan,Sidney Lumet," +
		"Joseph Kosinski,Anthony Russo,Joe Russo,Lana Wachowski,Lilly Wachowski,Sergio Leone,George Lucas," +
		"Irvin Kershner,Richard Marquand,J.J. Abrams,Rian Johnson,Jonathan Mostow,McG,Alan Taylor,Tim Miller," +
		"Renny Harlin,Len Wiseman,John Moore,Jonathan Demme,Michael Curtiz,Alfred Hitchcock,John Krasinski," +
		"David Crane,Marta Kauffman,Larry David,David Benioff,D.B. Weiss,Tom Hanks,Leonardo DiCaprio,Morgan Freeman," +
		"Robert De Niro,Al Pacino,Brad Pitt,Christian Bale,Matthew McConaughey,Natalie Portman,Keanu Reeves"
	if diff := cmp.Diff(strings.Split(want, ","), people); diff != "" {
		t.Errorf("people 1-50 (-want +got):\n%s", diff)
	}
}

func TestSeedShowsAndReviews(t *testing.T) {
	t.Parallel()
	c := sharedCatalog()
	var got []int
	for _, s := range c.shows {
		got = append(got, len(s.episodeList), len(s.reviewList))
	}
	if diff := cmp.Diff([]int{22, 1, 17, 1, 18, 1}, got); diff != "" {
		t.Errorf("episodes and reviews per show (-want +got):\n%s", diff)
	}
	reviews := map[int64]int{}
	for _, m := range c.movies {
		if n := len(m.reviewList); n > 0 {
			reviews[m.num] = n
		}
	}
	if diff := cmp.Diff(map[int64]int{1: 8, 40: 6, 42: 5, 2: 2, 14: 4, 61: 3}, reviews); diff != "" {
		t.Errorf("reviews per movie (-want +got):\n%s", diff)
	}
	var matrix []string
	for _, r := range c.movie(42).reviewList {
		matrix = append(matrix, r.User.username)
	}
	if diff := cmp.Diff([]string{"user", "petra", "tomas", "viktor", "sofia"}, matrix); diff != "" {
		t.Errorf("The Matrix's reviewers (-want +got):\n%s", diff)
	}
}

// TestSeedIsComplete checks what every record must carry and that nobody is an orphan.
func TestSeedIsComplete(t *testing.T) {
	t.Parallel()
	c := sharedCatalog()
	for _, m := range c.movies {
		if m.Plot == nil || *m.Plot == "" || !strings.HasPrefix(*m.PosterURL, "https://image.tmdb.org/t/p/w500/") || len(m.directorList) == 0 || len(m.castList) == 0 {
			t.Errorf("movie %s %q lacks a plot, poster, director or cast", m.ID, m.Title)
		}
	}
	for _, p := range c.people {
		credits := len(p.directedList) + len(p.castCredits) + len(p.createdList) + len(p.showCredits)
		if credits == 0 || p.CountryCode == nil || p.Biography == nil || p.PhotoURL == nil {
			t.Errorf("person %s %q lacks a credit, country, biography or photo", p.ID, p.Name)
		}
	}
}

func TestSeedStateIsFresh(t *testing.T) {
	t.Parallel()
	st := newState(sharedCatalog())
	st.lists[1].items = nil // change one state ...
	if got := len(newState(sharedCatalog()).lists[1].items); got != 2 {
		t.Errorf("a new state has %d items on list 1, want the seeded 2", got) // ... the next is untouched
	}
	if st.nextItem != 5 || st.nextList != 4 {
		t.Errorf("next ids %d, %d; want item 5 and list 4", st.nextItem, st.nextList)
	}
}
