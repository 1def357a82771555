package moviedb

// This file turns the seed tables into the linked catalog. A name in a credit that is not in the
// people table panics: the tables are constants, so every test that starts a server catches it.

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// seedTime stands in for the original's OffsetDateTime.now() at seeding: once per process.
var seedTime = time.Now().UTC().Truncate(time.Millisecond)

// builder carries the id counters of the link tables while the catalog is built.
type builder struct {
	c                                  *catalog
	users                              []*user
	castID, showCastID, episodeID, rID int64
}

func buildCatalog() *catalog {
	b := &builder{c: &catalog{byName: map[string]*person{}}, users: seedUsers()}
	for i, line := range strings.Split(strings.TrimSpace(peopleTable), "\n") {
		b.addPerson(int64(i+1), line)
	}
	for i, row := range movieRows {
		b.addMovie(int64(i+1), row)
	}
	for i, row := range showRows {
		b.addShow(int64(i+1), row)
	}
	for _, row := range reviewRows {
		b.addReviews(row)
	}
	for _, p := range b.c.people {
		p.Biography = ptr(biography(p))
	}
	b.c.seedUsers = b.users
	return b.c
}

func (b *builder) addPerson(num int64, line string) {
	f := strings.Split(line, "|")
	year, err := strconv.Atoi(f[1])
	if len(f) != 3 || err != nil {
		panic("moviedb: bad people row " + line)
	}
	p := &person{ID: idOf(num), Name: f[0], BirthYear: ptr(int32(year)),
		PhotoURL: ptr(imageURL("w185", f[0])), CountryCode: ptr(countryCode(f[2])), num: num}
	b.c.people = append(b.c.people, p)
	b.c.byName[p.Name] = p
}

func (b *builder) addMovie(num int64, r movieRow) {
	m := &movie{ID: idOf(num), Title: r.title, ReleaseYear: r.year, Genre: ptr(r.genre),
		Rating: ptr(r.rating), Runtime: ptr(r.runtime), Plot: ptr(r.plot),
		PosterURL: ptr(imageURL("w500", r.title)), TmdbID: ptr(r.tmdbID), num: num}
	m.directorList = b.people(r.directors)
	for _, p := range m.directorList {
		p.directedList = append(p.directedList, m)
	}
	b.credits(r.cast, func(p *person, character string) {
		b.castID++
		mc := &movieCast{ID: idOf(b.castID), CharacterName: character, Person: p, Movie: m}
		m.castList = append(m.castList, mc)
		p.castCredits = append(p.castCredits, mc)
	})
	b.c.movies = append(b.c.movies, m)
}

func (b *builder) addShow(num int64, r showRow) {
	t := &tvShow{ID: idOf(num), Title: r.title, Genre: ptr(r.genre), Rating: ptr(r.rating),
		PosterURL: ptr(imageURL("w500", r.title)), StartYear: r.start, EndYear: ptr(r.end),
		Seasons: ptr(r.seasons), Plot: ptr(r.plot), num: num}
	t.creatorList = b.people(r.creators)
	for _, p := range t.creatorList {
		p.createdList = append(p.createdList, t)
	}
	b.credits(r.cast, func(p *person, character string) {
		b.showCastID++
		tc := &tvShowCast{ID: idOf(b.showCastID), CharacterName: character, Person: p, TvShow: t}
		t.castList = append(t.castList, tc)
		p.showCredits = append(p.showCredits, tc)
	})
	for _, s := range r.episodes {
		for i, title := range strings.Split(s.titles, "|") {
			b.episodeID++
			t.episodeList = append(t.episodeList, &episode{ID: idOf(b.episodeID), SeasonNumber: s.number,
				EpisodeNumber: int32(i + 1), Title: title, Overview: ptr(fmt.Sprintf("%s, season %d episode %d.", r.title, s.number, i+1)),
				Runtime: ptr(s.runtime), AirYear: ptr(s.airYear)})
		}
	}
	b.c.shows = append(b.c.shows, t)
}

func (b *builder) addReviews(r reviewRow) {
	for _, pair := range strings.Fields(r.scores) {
		name, s, _ := strings.Cut(pair, "=")
		score, _ := strconv.Atoi(s)
		b.rID++
		rv := &review{ID: idOf(b.rID), Score: int32(score), Comment: ptr(reviewComments[score]),
			CreatedAt: dateTime{seedTime}, User: b.user(name)}
		if r.titleType == titleMovie {
			m := b.c.movie(r.titleID)
			m.reviewList = append(m.reviewList, rv)
		} else {
			t := b.c.show(r.titleID)
			t.reviewList = append(t.reviewList, rv)
		}
	}
}

// people looks up a "; "-separated list of names.
func (b *builder) people(names string) []*person {
	var out []*person
	for _, name := range splitList(names) {
		out = append(out, b.person(name))
	}
	return out
}

// credits calls add for each "Name=Character" of a cast cell, in order.
func (b *builder) credits(cast string, add func(p *person, character string)) {
	for _, credit := range splitList(cast) {
		name, character, _ := strings.Cut(credit, "=")
		add(b.person(name), character)
	}
}

func (b *builder) person(name string) *person {
	p, ok := b.c.byName[name]
	if !ok {
		panic("moviedb: credit names unknown person " + name)
	}
	return p
}

func (b *builder) user(name string) *user {
	for _, u := range b.users {
		if u.username == name {
			return u
		}
	}
	panic("moviedb: review names unknown user " + name)
}

// splitList splits a "; "-separated table cell.
func splitList(s string) []string {
	parts := strings.Split(s, ";")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// imageURL makes a stable TMDB-style image URL; the path is a hash of the key, not TMDB's real one.
func imageURL(size, key string) string {
	sum := sha256.Sum256([]byte(key))
	return "https://image.tmdb.org/t/p/" + size + "/" + hex.EncodeToString(sum[:14]) + ".jpg"
}

// biography writes a one-line blurb from the person's first credits.
func biography(p *person) string {
	var known []string
	for _, m := range p.directedList {
		known = append(known, "directing "+m.Title)
	}
	for _, t := range p.createdList {
		known = append(known, "creating "+t.Title)
	}
	for _, mc := range p.castCredits {
		known = append(known, "playing "+mc.CharacterName+" in "+mc.Movie.Title)
	}
	for _, tc := range p.showCredits {
		known = append(known, "playing "+tc.CharacterName+" in "+tc.TvShow.Title)
	}
	known = known[:min(len(known), 3)]
	return fmt.Sprintf("%s (born %d, %s) is known for %s.", p.Name, *p.BirthYear, *p.CountryCode, strings.Join(known, ", "))
}
