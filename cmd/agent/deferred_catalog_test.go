package main

// A confirm under a catalog other than the proposal's: the wrong catalog loaded here changes
// nothing, the proposal's own catalog changed since is refused, as always.

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/generated"
	"github.com/toolgen/toolgen/toolrt/toolrttest"
)

func TestConfirmWithAnotherCatalogChangesNothing(t *testing.T) {
	srv := startDemo(t)
	dir := t.TempDir()
	common := append([]string{"-endpoint", srv.URL, "-pending-store", filepath.Join(dir, "pending.db")}, loginDocument(t, dir)...)
	pw := []string{"AGENT_PASSWORD=user123"}
	curatorJSON := toolrttest.Reseal(t, generated.CatalogJSON, toolrttest.RenameRole("concierge", "curator"))
	curator := filepath.Join(dir, "curator.json")
	if err := os.WriteFile(curator, curatorJSON, 0o600); err != nil {
		t.Fatal(err)
	}
	cs := mcpSession(t, dir, pw, append(common, "-user", "user", "-catalog", "curator.json", "-role", "curator")...)
	text, _ := callTool(t, cs, "addWatchListItem", addArgs("42", ""))
	id := requestID(t, text)

	// Forgetting -catalog: the embedded catalog has no role curator. Before, the request was
	// refused for good here.
	p := runBin(t, dir, pw, append([]string{"confirm"}, append(common, id)...)...)
	if !strings.Contains(p.err, `cannot confirm it: role "curator" is not declared by this catalog`) {
		t.Errorf("confirm without -catalog does not say why: %s", p.err)
	}
	for _, want := range []string{
		"request " + id + " was proposed under catalog " + catalog.FileDigest(curatorJSON) + " (" + curator + ")",
		"this process loaded " + catalog.FileDigest(generated.CatalogJSON) + " (embedded), which cannot confirm it",
		"Nothing changed: the request is still pending; confirm it with -catalog " + curator,
	} {
		if p.code != 1 || !strings.Contains(p.err, want) {
			t.Errorf("confirm without -catalog: exit %d, stderr %s\nwant %q", p.code, p.err, want)
		}
	}
	if list := runBin(t, dir, nil, append([]string{"pending"}, common...)...); !strings.Contains(list.out, id+"  pending") {
		t.Errorf("after the wrong catalog, agent pending:\n%s", list.out)
	}
	review := runBin(t, dir, pw, append([]string{"review"}, append(common, id)...)...)
	if !strings.Contains(review.out, "catalog   : "+catalog.FileDigest(curatorJSON)+" ("+curator+")") || !strings.Contains(review.out, "not the catalog it was proposed under") {
		t.Errorf("review under another catalog:\n%s", review.out)
	}
	srv.count(t, 0, "after a confirm with the wrong catalog")
	if p := runBin(t, dir, pw, append([]string{"confirm", "-catalog", curator}, append(common, id)...)...); p.code != 0 || !strings.Contains(p.out, "sent once: outcome ok") {
		t.Errorf("confirm with the proposal's catalog: exit %d\n%s%s", p.code, p.out, p.err)
	}
	srv.count(t, 1, "after the confirm with the right catalog")

	// The other way round, as with a project's own catalog: the tool does not exist in the
	// embedded one.
	extra := filepath.Join(dir, "extra.json")
	if err := os.WriteFile(extra, toolrttest.Reseal(t, generated.CatalogJSON, addToWatchList), 0o600); err != nil {
		t.Fatal(err)
	}
	cs3 := mcpSession(t, dir, pw, append(common, "-user", "user", "-catalog", extra, "-role", "concierge")...)
	text, _ = callTool(t, cs3, "addToWatchList", addArgs("40", ""))
	id3 := requestID(t, text)
	p = runBin(t, dir, pw, append([]string{"confirm"}, append(common, id3)...)...)
	if p.code != 1 || !strings.Contains(p.err, `cannot confirm it: tool "addToWatchList" is not a write tool of role "concierge" in this catalog`) || !strings.Contains(p.err, "Nothing changed") {
		t.Errorf("confirm of another catalog's tool without -catalog: exit %d, stderr %s", p.code, p.err)
	}
	if p := runBin(t, dir, pw, append([]string{"confirm", "-catalog", extra}, append(common, id3)...)...); p.code != 0 {
		t.Errorf("confirm of the tool with its catalog: exit %d\n%s%s", p.code, p.out, p.err)
	}
	srv.count(t, 2, "after the confirm of another catalog's tool")

	// Another catalog that still builds the same body for the tool may send it, and says so.
	described := toolrttest.WriteCatalog(t, toolrttest.Reseal(t, generated.CatalogJSON, func(c *catalog.Catalog) { c.Tool("movie").Description += " Now described better." }))
	cs2 := mcpSession(t, dir, pw, append(common, "-user", "user")...)
	text, _ = callTool(t, cs2, "addWatchListItem", addArgs("5", ""))
	id2 := requestID(t, text)
	if p := runBin(t, dir, pw, append([]string{"confirm", "-catalog", described}, append(common, id2)...)...); p.code != 0 || !strings.Contains(p.out, "note: request "+id2+" was proposed under catalog "+catalog.FileDigest(generated.CatalogJSON)+" (embedded)") {
		t.Errorf("confirm under a catalog with the same tool: exit %d\n%s%s", p.code, p.out, p.err)
	}
	srv.count(t, 3, "after the confirm under an unrelated change")
}

// addToWatchList adds a second write, a copy of addWatchListItem under another name, as a
// project's own catalog has tools the embedded one lacks.
func addToWatchList(c *catalog.Catalog) {
	add := *c.Tool("addWatchListItem")
	add.Name, add.OperationName = "addToWatchList", "Tool_addToWatchList"
	add.Operation = strings.Replace(add.Operation, "Tool_addWatchListItem", "Tool_addToWatchList", 1)
	c.Tools = append(c.Tools, add)
}

func TestConfirmAfterTheCatalogChangedIsRefused(t *testing.T) {
	srv := startDemo(t)
	dir := t.TempDir()
	store := filepath.Join(dir, "pending.db")
	common := append([]string{"-endpoint", srv.URL, "-pending-store", store}, loginDocument(t, dir)...)
	pw := []string{"AGENT_PASSWORD=user123"}
	path := filepath.Join(dir, "catalog.json")
	if err := os.WriteFile(path, generated.CatalogJSON, 0o600); err != nil {
		t.Fatal(err)
	}
	cs := mcpSession(t, dir, pw, append(common, "-user", "user", "-catalog", path)...)
	changed, _ := callTool(t, cs, "addWatchListItem", addArgs("42", ""))
	legacy, _ := callTool(t, cs, "addWatchListItem", addArgs("5", ""))
	changedID, legacyID := requestID(t, changed), requestID(t, legacy)

	// The deployment regenerates the catalog in place: the role is gone from the same file.
	if err := os.WriteFile(path, toolrttest.Reseal(t, generated.CatalogJSON, toolrttest.RenameRole("concierge", "curator")), 0o600); err != nil {
		t.Fatal(err)
	}
	p := runBin(t, dir, pw, append([]string{"confirm", "-catalog", path}, append(common, changedID)...)...)
	if p.code != 1 || !strings.Contains(p.err, "was not sent and will not be (refused: its catalog ("+path+") changed since it was proposed, from "+catalog.FileDigest(generated.CatalogJSON)) {
		t.Errorf("confirm after the catalog changed: exit %d, stderr %s", p.code, p.err)
	}

	// A request recorded before the store kept catalogs is never refused for a catalog mismatch.
	db, err := sql.Open("sqlite", store)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE requests SET catalog = '', catalog_source = '' WHERE id = ?`, legacyID); err != nil {
		t.Fatal(err)
	}
	p = runBin(t, dir, pw, append([]string{"confirm", "-catalog", path}, append(common, legacyID)...)...)
	if p.code != 1 || !strings.Contains(p.err, "recorded before the pending store kept the catalog of a proposal") || !strings.Contains(p.err, "nothing changed, it is still pending") {
		t.Errorf("confirm of an older request under another catalog: exit %d, stderr %s", p.code, p.err)
	}
	list := runBin(t, dir, nil, append([]string{"pending"}, common...)...)
	if !strings.Contains(list.out, changedID+"  refused") || !strings.Contains(list.out, legacyID+"  pending") {
		t.Errorf("agent pending:\n%s", list.out)
	}
	srv.count(t, 0, "after confirms under a changed catalog")
}
