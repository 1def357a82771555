package render

import (
	"io"

	"github.com/toolgen/toolgen/catalog"
	"github.com/toolgen/toolgen/internal/catdiff"
)

// JSON writes the report as indented JSON (schemaVersion, summary, tokens.byRole, changes).
func JSON(w io.Writer, r *catdiff.Report, _ Options) error {
	b, err := catalog.MarshalJSON(r)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}
