package catalog

import "fmt"

// CheckDigest is VerifyDigest for a catalog already parsed from data: it hashes the bytes again
// but does not decode them again, which is most of the cost on a large catalog.
func CheckDigest(c *Catalog, data []byte) error {
	want, err := selfDigest(data)
	if err != nil {
		return err
	}
	if c.Digest != want {
		return fmt.Errorf("catalog: digest is %s but the file hashes to %s: it was edited after toolgen wrote it; regenerate it instead of editing it", c.Digest, want)
	}
	return nil
}
