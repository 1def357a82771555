package toolrt

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/toolgen/toolgen/catalog"
)

// embedded is the Source of catalog bytes handed to Load without FromFile.
const embedded = "embedded"

// Catalog is a catalog that Load verified, with where it came from. Its tools, roles and
// digest are catalog.Catalog's; CheckRole and RoleNames say which roles it declares.
type Catalog struct {
	*catalog.Catalog
	Provenance Provenance
}

// Provenance says which catalog a runtime runs: the digest of its bytes (what sha256sum
// prints, the value Pin and -catalog-sha256 take) and where they came from.
type Provenance struct {
	Digest string // "sha256:<hex>", catalog.FileDigest of the file
	Source string // "embedded", or the file's path (FromFile)
}

// Embedded reports whether the catalog was compiled into the binary rather than read from a file.
func (p Provenance) Embedded() bool { return p.Source == embedded }

// Location is Source in a form another process can compare: "embedded", or the file's
// absolute path (resolved against this process's working directory); "" when Source is.
func (p Provenance) Location() string {
	if p.Source == "" || p.Embedded() {
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

// LoadOption changes where Load reads a catalog from or what it insists on.
type LoadOption func(*loadOptions)

type loadOptions struct {
	file string
	pin  string
}

// FromFile reads the catalog from the catalog.json at path instead of the bytes given to Load
// (pass nil), and names the path as its Source.
func FromFile(path string) LoadOption { return func(o *loadOptions) { o.file = path } }

// Pin refuses catalog bytes whose SHA-256 is not digest: bare hex as sha256sum prints it, or
// "sha256:<hex>". An empty digest pins nothing.
func Pin(digest string) LoadOption { return func(o *loadOptions) { o.pin = digest } }

// Load parses catalog bytes (generated.CatalogJSON, or a file with FromFile) and refuses them
// unless they are what toolgen wrote: the self digest must hold (no hand edit), every tool must
// agree with its own document (one operation of the tool's kind and name, whose variables are
// the input schema's properties), and under Pin the bytes must hash to the pinned digest.
func Load(data []byte, opts ...LoadOption) (*Catalog, error) {
	var o loadOptions
	for _, opt := range opts {
		opt(&o)
	}
	source := embedded
	if o.file != "" {
		source = o.file
		var err error
		if data, err = os.ReadFile(o.file); err != nil {
			return nil, err
		}
	}
	c := &Catalog{Provenance: Provenance{Digest: catalog.FileDigest(data), Source: source}}
	if err := checkPin(c.Provenance, o.pin); err != nil {
		return nil, err
	}
	cat, err := catalog.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	if err := catalog.VerifyDigest(data); err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	if _, err := verifyCatalog(cat); err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	c.Catalog = cat
	return c, nil
}

// checkPin compares the catalog's digest with the pinned one, if any.
func checkPin(prov Provenance, pin string) error {
	if pin == "" {
		return nil
	}
	want, err := parsePin(pin)
	if err != nil {
		return err
	}
	if want != prov.Digest {
		return fmt.Errorf("-catalog-sha256: the catalog from %s is %s, but %s is pinned; deploy the pinned catalog or update the pin after reviewing the new one", prov.Source, prov.Digest, want)
	}
	return nil
}

// parsePin turns a pinned digest, bare hex (as sha256sum prints it) or "sha256:<hex>", into
// the "sha256:<hex>" form catalog.FileDigest returns.
func parsePin(pin string) (string, error) {
	h := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(pin), "sha256:"))
	if b, err := hex.DecodeString(h); err != nil || len(b) != 32 {
		return "", fmt.Errorf("-catalog-sha256 %q: want the 64 hex digits sha256sum prints for catalog.json, optionally after sha256:", pin)
	}
	return "sha256:" + h, nil
}
