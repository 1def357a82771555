package catalog

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
)

// digestPrefix names the hash in every digest toolgen writes, so another can follow.
const digestPrefix = "sha256:"

// InputsDigest is the digest of a compilation's inputs: the schema, the allow-list and each
// override under its file name, every part length-prefixed so no two input sets collide. Paths
// other than the overrides' base names are left out: the same inputs in another folder give
// the same digest.
func InputsDigest(schema, allowlist []byte, overrides map[string][]byte) string {
	return inputsDigest(func(part func(string, []byte)) { part("schema", schema) }, allowlist, overrides)
}

// InputsDigestFiles is InputsDigest of a schema split over several files, each part under its
// name in sorted order (the order the files are read in): the names as the caller keys them,
// relative to the files' common folder so that, as with one file, the folder does not count.
func InputsDigestFiles(schema map[string][]byte, allowlist []byte, overrides map[string][]byte) string {
	return inputsDigest(func(part func(string, []byte)) {
		for _, n := range sortedKeys(schema) {
			part("schema "+n, schema[n])
		}
	}, allowlist, overrides)
}

func inputsDigest(schema func(part func(string, []byte)), allowlist []byte, overrides map[string][]byte) string {
	h := sha256.New()
	part := func(label string, b []byte) {
		h.Write([]byte(label + " " + strconv.Itoa(len(b)) + "\n"))
		h.Write(b)
	}
	schema(part)
	part("allowlist", allowlist)
	for _, n := range sortedKeys(overrides) {
		part("override "+n, overrides[n])
	}
	return digestPrefix + hex.EncodeToString(h.Sum(nil))
}

func sortedKeys(m map[string][]byte) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// digestKey is the digest's key and value as Marshal writes them with the value empty.
var digestKey = []byte(`"digest": "`)

// FileDigest is "sha256:<hex>" of a whole file's bytes, what `sha256sum` prints: the value a
// deployment pins with -catalog-sha256.
func FileDigest(data []byte) string {
	sum := sha256.Sum256(data)
	return digestPrefix + hex.EncodeToString(sum[:])
}

// selfDigest hashes catalog.json bytes with the digest's own value blanked.
func selfDigest(data []byte) (string, error) {
	i := bytes.Index(data, digestKey)
	if i < 0 {
		return "", fmt.Errorf("catalog: no digest; regenerate it with toolgen %s or later", ToolgenVersion)
	}
	start := i + len(digestKey)
	end := bytes.IndexByte(data[start:], '"')
	if end < 0 {
		return "", fmt.Errorf("catalog: the digest is not a string")
	}
	blank := make([]byte, 0, len(data))
	blank = append(blank, data[:start]...)
	blank = append(blank, data[start+end:]...)
	return FileDigest(blank), nil
}

// VerifyDigest reports whether catalog.json still has the bytes toolgen wrote: any edit after
// generation, however small, changes the digest.
func VerifyDigest(data []byte) error {
	c, err := Parse(data)
	if err != nil {
		return err
	}
	return CheckDigest(c, data)
}
