package toolrt

import "os"

// generatedCatalogJSON is generated/catalog.json, read from disk: the generated package imports
// toolrt (its typed calls), so tests inside toolrt cannot import it back.
var generatedCatalogJSON = func() []byte {
	b, err := os.ReadFile("../generated/catalog.json")
	if err != nil {
		panic("toolrt tests need ../generated/catalog.json: " + err.Error())
	}
	return b
}()
