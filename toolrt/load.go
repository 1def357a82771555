package toolrt

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/toolgen/toolgen/catalog"
)

// EmbeddedSource is the Source of a catalog compiled into the binary.
const EmbeddedSource = "embedded"

// Provenance says which catalog a runtime runs: the digest of its bytes (what sha256sum
// prints, the value -catalog-sha256 pins) and where they came from.
type Provenance struct {
	Digest string // "sha256:<hex>", catalog.FileDigest of the file
	Source string // EmbeddedSource or the file's path
}

// Location is Source in a form another process can compare: EmbeddedSource, or the file's
// absolute path (resolved against this process's working directory); "" when Source is.
func (p Provenance) Location() string {
	if p.Source == "" || p.Source == EmbeddedSource {
		return p.Source
	}
	if abs, err := filepath.Abs(p.Source); err == nil {
		return abs
	}
	return p.Source
}

// String is the line a command prints first: which catalog is in use.
func (p Provenance) String() string {
	return fmt.Sprintf("catalog %s (%s)", p.Digest, p.Source)
}

// Load parses catalog bytes from source and refuses them unless they are what toolgen wrote:
// the self digest must hold (no hand edit), every tool must agree with its own document
// (VerifyCatalog), and when pin is set the bytes must hash to it. pin is bare hex or
// "sha256:<hex>".
func Load(data []byte, source, pin string) (*catalog.Catalog, Provenance, error) {
	prov := Provenance{Digest: catalog.FileDigest(data), Source: source}
	if err := checkPin(prov, pin); err != nil {
		return nil, prov, err
	}
	cat, err := catalog.Parse(data)
	if err != nil {
		return nil, prov, fmt.Errorf("%s: %w", source, err)
	}
	if err := catalog.VerifyDigest(data); err != nil {
		return nil, prov, fmt.Errorf("%s: %w", source, err)
	}
	if _, err := VerifyCatalog(cat); err != nil {
		return nil, prov, fmt.Errorf("%s: %w", source, err)
	}
	return cat, prov, nil
}

// LoadFile reads a catalog.json file and loads it as Load does, with the path as its source.
func LoadFile(path, pin string) (*catalog.Catalog, Provenance, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, Provenance{Source: path}, err
	}
	return Load(data, path, pin)
}

// LoadCatalog loads embedded catalog bytes (e.g. generated.CatalogJSON) with Load's checks.
func LoadCatalog(data []byte) (*catalog.Catalog, error) {
	cat, _, err := Load(data, EmbeddedSource, "")
	return cat, err
}

// LoadCatalogFile loads a catalog.json file with Load's checks.
func LoadCatalogFile(path string) (*catalog.Catalog, error) {
	cat, _, err := LoadFile(path, "")
	return cat, err
}

// checkPin compares the catalog's digest with the pinned one, if any.
func checkPin(prov Provenance, pin string) error {
	if pin == "" {
		return nil
	}
	want, err := ParsePin(pin)
	if err != nil {
		return err
	}
	if want != prov.Digest {
		return fmt.Errorf("-catalog-sha256: the catalog from %s is %s, but %s is pinned; deploy the pinned catalog or update the pin after reviewing the new one", prov.Source, prov.Digest, want)
	}
	return nil
}

// ParsePin turns a pinned digest, bare hex (as sha256sum prints it) or "sha256:<hex>", into
// the "sha256:<hex>" form catalog.FileDigest returns.
func ParsePin(pin string) (string, error) {
	h := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(pin), "sha256:"))
	if b, err := hex.DecodeString(h); err != nil || len(b) != 32 {
		return "", fmt.Errorf("-catalog-sha256 %q: want the 64 hex digits sha256sum prints for catalog.json, optionally after sha256:", pin)
	}
	return "sha256:" + h, nil
}
