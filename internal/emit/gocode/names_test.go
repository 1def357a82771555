package gocode

import (
	"go/token"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen/toolgen/catalog"
)

func TestGoName(t *testing.T) {
	for in, want := range map[string]string{
		"movie":          "Movie",
		"tvShow":         "TvShow",
		"TV_SHOW":        "TvShow",
		"RELEASE_YEAR":   "ReleaseYear",
		"watchListId":    "WatchListID",
		"posterUrl":      "PosterURL",
		"ids":            "IDs",
		"HTTPRequest":    "HTTPRequest",
		"FOO_bar":        "FooBar",
		"type":           "Type",
		"func":           "Func",
		"_private":       "Private",
		"_":              "X",
		"__":             "X",
		"_3d":            "X3d",
		"movie2Name":     "Movie2Name",
		"AddWatchListID": "AddWatchListID",
	} {
		got := goName(in)
		if got != want {
			t.Errorf("goName(%q) = %q, want %q", in, got, want)
		}
		if !token.IsIdentifier(got) || !token.IsExported(got) {
			t.Errorf("goName(%q) = %q is not an exported identifier", in, got)
		}
	}
}

// TestNamesUnique gives clashing GraphQL names and wants distinct Go names, the first
// declaration keeping the plain one.
func TestNamesUnique(t *testing.T) {
	c := &catalog.Catalog{
		Tools: []catalog.Tool{{Name: "type"}, {Name: "Type"}, {Name: "TYPE"}},
		Types: []catalog.Type{
			{Name: "TypeArgs", Kind: catalog.InputObject},
			{Name: "E", Kind: catalog.Enum, Values: []string{"a_b", "A_B", "aB", "AB"}},
			{Name: "CatalogJSON", Kind: catalog.Enum},
		},
	}
	n := newNames(c)
	all := map[string]bool{catalogVar: true}
	add := func(names ...string) {
		for _, s := range names {
			if all[s] {
				t.Errorf("name %s given twice", s)
			}
			all[s] = true
		}
	}
	add(n.types["TypeArgs"], n.types["E"], n.types["CatalogJSON"])
	add(n.args...)
	add(n.consts...)
	add(n.values["E"]...)
	if n.types["TypeArgs"] != "TypeArgs" || n.args[0] != "TypeArgs2" || n.consts[0] != "ToolType" {
		t.Errorf("earlier declarations should keep plain names: %+v", n)
	}
	if n.types["CatalogJSON"] == catalogVar {
		t.Errorf("type CatalogJSON took the reserved %s", catalogVar)
	}
}

// TestTypeNamesIgnoreCatalogOrder: catalog types come in first-reached order, which a new tool
// changes; the Go names of clashing types must not follow it. The name already spelled as Go
// spells it keeps the plain name.
func TestTypeNamesIgnoreCatalogOrder(t *testing.T) {
	tv := catalog.Type{Name: "TV_SHOW", Kind: catalog.Enum}
	show := catalog.Type{Name: "TvShow", Kind: catalog.InputObject}
	under := catalog.Type{Name: "Tv_Show", Kind: catalog.InputObject}
	want := map[string]string{"TvShow": "TvShow", "TV_SHOW": "TvShow2", "Tv_Show": "TvShow3"}
	for _, order := range [][]catalog.Type{{tv, show, under}, {under, tv, show}, {show, under, tv}} {
		n := newNames(&catalog.Catalog{Types: order})
		if diff := cmp.Diff(want, n.types); diff != "" {
			t.Errorf("order %s, %s, %s (-want +got):\n%s", order[0].Name, order[1].Name, order[2].Name, diff)
		}
	}
}

// FuzzIsName holds isName to the GraphQL Name production as a regular expression.
func FuzzIsName(f *testing.F) {
	for _, s := range []string{"", "_", "a", "Z9", "9a", "a-b", "é", "a\n", "__typename", "A_b_1"} {
		f.Add(s)
	}
	production := regexp.MustCompile(`^[_A-Za-z][_0-9A-Za-z]*$`)
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := isName(s), production.MatchString(s); got != want {
			t.Errorf("isName(%q) = %v, want %v", s, got, want)
		}
	})
}
