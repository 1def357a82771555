package catalog

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

func TestDigestSealsTheFile(t *testing.T) {
	data, err := os.ReadFile("../generated/catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyDigest(data); err != nil {
		t.Fatalf("the committed catalog does not verify: %v", err)
	}
	c, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, data) {
		t.Fatal("Marshal(Parse(catalog.json)) differs from the file")
	}
	// Marshal splices the digest into the blank encoding; it must equal a full encoding.
	if full, err := MarshalJSON(c); err != nil || !bytes.Equal(full, again) {
		t.Fatalf("Marshal differs from MarshalJSON of the sealed catalog (err %v)", err)
	}
	edited := bytes.Replace(data, []byte(`"approval": "required"`), []byte(`"approval": "none"`), 1)
	if bytes.Equal(edited, data) {
		t.Fatal("the example has no approval to edit")
	}
	if err := VerifyDigest(edited); err == nil || !strings.Contains(err.Error(), "edited after toolgen wrote it") {
		t.Fatalf("an edited approval verified: %v", err)
	}
}

func TestInputsDigestSeparatesParts(t *testing.T) {
	a := InputsDigest([]byte("ab"), []byte("c"), nil)
	b := InputsDigest([]byte("a"), []byte("bc"), nil)
	if a == b {
		t.Fatal("moving a byte between the schema and the allow-list kept the digest")
	}
	o1 := InputsDigest(nil, nil, map[string][]byte{"x.graphql": []byte("1")})
	o2 := InputsDigest(nil, nil, map[string][]byte{"y.graphql": []byte("1")})
	if o1 == o2 {
		t.Fatal("renaming an override kept the digest")
	}
}

// TestInputsDigestFiles: a schema in several files differs from one file of their bytes, and
// moving a byte between two files, renaming one or changing one changes the digest.
func TestInputsDigestFiles(t *testing.T) {
	split := map[string][]byte{"a.graphqls": []byte("type A"), "b.graphqls": []byte("type B")}
	seen := map[string]string{"one file": InputsDigest([]byte("type Atype B"), nil, nil)}
	for name, files := range map[string]map[string][]byte{
		"split":   split,
		"moved":   {"a.graphqls": []byte("type A "), "b.graphqls": []byte("type B")[1:]},
		"renamed": {"a.graphqls": []byte("type A"), "c.graphqls": []byte("type B")},
		"changed": {"a.graphqls": []byte("type A"), "b.graphqls": []byte("type C")},
	} {
		d := InputsDigestFiles(files, nil, nil)
		for other, od := range seen {
			if d == od {
				t.Errorf("%s and %s have the same digest", name, other)
			}
		}
		seen[name] = d
	}
	if InputsDigestFiles(split, nil, nil) != InputsDigestFiles(map[string][]byte{"b.graphqls": split["b.graphqls"], "a.graphqls": split["a.graphqls"]}, nil, nil) {
		t.Error("the same files give two digests")
	}
}

func TestCheckDigest(t *testing.T) {
	c := &Catalog{GeneratedBy: GeneratedBy, Encoding: Encoding}
	data, err := Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckDigest(parsed, data); err != nil {
		t.Errorf("a sealed catalog: %v", err)
	}
	edited := bytes.Replace(data, []byte(`"tools": null`), []byte(`"tools": [] `), 1)
	if bytes.Equal(edited, data) {
		t.Fatalf("the edit did not apply:\n%s", data)
	}
	if err := CheckDigest(parsed, edited); err == nil {
		t.Errorf("an edited catalog passes")
	}
}
