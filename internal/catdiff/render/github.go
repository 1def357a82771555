package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/toolgen/toolgen/internal/catdiff"
)

// GitHub writes workflow commands: breaking changes as errors, dangerous as warnings, safe as
// notices, each titled with its rule id, on the new catalog's file.
func GitHub(w io.Writer, r *catdiff.Report, o Options) error {
	var b strings.Builder
	for _, c := range r.Changes {
		cmd := map[catdiff.Level]string{catdiff.Breaking: "error", catdiff.Dangerous: "warning"}[c.Level]
		if cmd == "" {
			cmd = "notice"
		}
		props := "title=" + ghProp(c.ID+flagSuffix(c.Flags))
		if o.NewPath != "" {
			props = "file=" + ghProp(o.NewPath) + "," + props
		}
		fmt.Fprintf(&b, "::%s %s::%s\n", cmd, props, ghData(visible(c.Message)))
	}
	fmt.Fprintf(&b, "::notice title=toolgen diff::%s\n", ghData(verdict(r)))
	_, err := io.WriteString(w, b.String())
	return err
}

func flagSuffix(flags []string) string {
	if len(flags) == 0 {
		return ""
	}
	return " (" + strings.Join(flags, ", ") + ")"
}

var (
	ghDataEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	ghPropEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// ghData escapes a workflow command's message, as GitHub's toolkit does.
func ghData(s string) string {
	return ghDataEscaper.Replace(s)
}

// ghProp escapes a workflow command's property value.
func ghProp(s string) string {
	return ghPropEscaper.Replace(s)
}
