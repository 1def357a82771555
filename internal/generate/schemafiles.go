package generate

// schemafiles.go turns -schema into the schema's files. gqlgen keeps a schema in
// graph/*.graphqls (gqlgen.yml's schema: is a list of globs), graphql-modules and Nest in one
// file per module with extend type Query, so -schema takes what those users write: a file, a
// folder (its *.graphql and *.graphqls files), a glob (*, ?, [...] and ** for any number of
// folders), or several of them separated by commas. The files are read in sorted order of their
// slash paths, whatever the order given or the file system's, since the order of the
// definitions is the order of the tools.
//
// A glob never reaches into a folder that holds no schema: toolgen's own output (a folder with
// its manifest, generated/ by default: operations/*.graphql), the overrides folder
// (tool-selections/*.graphql, operations too), and node_modules, vendor and .git, so that
// '**/*.graphql' at a repository's root means the schema's files.

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/toolgen/toolgen/internal/compile"
	"github.com/toolgen/toolgen/internal/diag"
	"github.com/toolgen/toolgen/internal/introspect"
)

// schemaExts are the extensions a folder's schema files have (gqlgen writes .graphqls).
var schemaExts = []string{".graphql", ".graphqls"}

// ReadSchema reads the schema that spec names (see the file comment) relative to root, into
// the schema fields of compile.Inputs: Schema for one file (a saved introspection result is
// converted to SDL, as before), SchemaFiles for several. Every problem names the entry or the
// file it is about. A glob skips the folders skip names (the overrides folder) besides those
// it always skips.
func ReadSchema(root, spec string, skip ...string) (compile.Inputs, diag.List) {
	var ds diag.List
	entries := schemaEntries(spec)
	if _, err := os.Stat(under(root, spec)); err == nil && len(entries) > 1 {
		entries = []string{spec} // a path with a comma in it (a folder "v1,v2") is one path
	}
	in := compile.Inputs{SchemaPath: strings.Join(entries, ",")}
	if len(entries) == 0 {
		ds.Add("-schema", 0, 0, "no schema is named", "pass the schema's file, folder or glob with -schema, e.g. -schema 'graph/*.graphqls'")
		return in, ds
	}
	var names []string
	sk := newSkipper(root, skip)
	for _, e := range entries {
		names = append(names, expand(root, e, sk, &ds)...)
	}
	if ds.HasErrors() {
		return in, ds
	}
	slices.Sort(names)
	names = slices.Compact(names) // a file two entries name is read once
	files := make([]compile.SchemaFile, 0, len(names))
	for _, n := range names {
		b, err := os.ReadFile(under(root, filepath.FromSlash(n)))
		if err != nil {
			ds.Add(n, 0, 0, "cannot read the schema: "+reason(err), "pass the schema's path with -schema")
			continue
		}
		files = append(files, compile.SchemaFile{Path: n, Data: b})
	}
	if ds.HasErrors() {
		return in, ds
	}
	if len(files) == 1 {
		in.SchemaPath, in.Schema = files[0].Path, files[0].Data
		if introspect.LooksLikeJSON(in.Schema) {
			in.Schema = fromIntrospection(in.SchemaPath, in.Schema, &ds)
			in.SchemaSDLPath = SDLName(in.SchemaPath)
		}
		return in, ds
	}
	for _, f := range files {
		if introspect.LooksLikeJSON(f.Data) {
			ds.Add(f.Path, 0, 0, "a saved introspection result is a whole schema and cannot be read with other schema files",
				"pass it alone with -schema, or print it as SDL (toolgen introspect "+f.Path+" -o "+SDLName(f.Path)+") and list that file")
		}
	}
	in.SchemaFiles = files
	return in, ds
}

// schemaEntries splits -schema at commas, without blanks or empty entries.
func schemaEntries(spec string) []string {
	var out []string
	for e := range strings.SplitSeq(spec, ",") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	return out
}

// expand returns the slash names of the files entry names: itself, a folder's schema files or
// a glob's matches; none, with a diagnostic, when it names nothing.
func expand(root, entry string, sk *skipper, ds *diag.List) []string {
	if isGlob(entry) {
		names, err := glob(root, entry, sk)
		switch {
		case err != nil:
			ds.Add(entry, 0, 0, "-schema's pattern is malformed: "+err.Error(), "fix the pattern: * and ? match within a folder, ** any number of folders, [abc] one of the characters")
		case len(names) == 0 && strings.HasPrefix(entry, "'"):
			ds.Add(entry, 0, 0, "-schema's pattern matches no file: its quotes are part of it",
				"write it without quotes in a //go:generate line (go generate runs no shell, so nothing expands the glob; it keeps single quotes as they are), or in double quotes")
		case len(names) == 0 && len(skippedMatches(root, entry)) > 0:
			ds.Add(entry, 0, 0, "-schema's pattern matches only files that are not the schema ("+nameList(skippedMatches(root, entry))+"): a glob never reads toolgen's output, the overrides folder, node_modules, vendor or .git",
				"name the schema's files or their folder, e.g. -schema 'graph/**/*.graphqls'")
		case len(names) == 0:
			ds.Add(entry, 0, 0, "-schema's pattern matches no file",
				"check it against the folder toolgen runs in (go generate runs in the folder of the file with the //go:generate line), or name the files or their folder")
		}
		return names
	}
	p := under(root, entry)
	info, err := os.Stat(p)
	switch {
	case err != nil:
		ds.Add(slash(entry), 0, 0, "cannot read the schema: "+reason(err), "pass the schema's path with -schema, or fetch it with toolgen introspect URL")
		return nil
	case !info.IsDir():
		return []string{slash(entry)}
	}
	des, err := os.ReadDir(p)
	if err != nil {
		ds.Add(slash(entry), 0, 0, "cannot read the schema folder: "+reason(err), "check the folder's permissions")
		return nil
	}
	var names []string
	for _, de := range des {
		if !de.IsDir() && slices.Contains(schemaExts, path.Ext(de.Name())) {
			names = append(names, path.Join(slash(entry), de.Name()))
		}
	}
	if len(names) == 0 {
		ds.Add(slash(entry), 0, 0, "the schema folder holds no *.graphql or *.graphqls file",
			"pass the folder that holds the schema's files, or a glob for them such as 'graph/**/*.graphqls'")
	}
	return names
}

func isGlob(s string) bool { return strings.ContainsAny(s, "*?[") }

// glob returns the slash names of the files (not folders) that pattern matches below root,
// relative as the pattern is, sorted. ** matches any number of folders, none included. The
// folders sk skips are not entered; nil skips none.
func glob(root, pattern string, sk *skipper) ([]string, error) {
	pattern = slash(pattern)
	segs := strings.Split(pattern, "/")
	for _, s := range segs {
		if _, err := path.Match(s, ""); err != nil {
			return nil, err
		}
	}
	static := 0 // the leading folders without a pattern: where the walk starts
	for static < len(segs)-1 && !isGlob(segs[static]) {
		static++
	}
	base := strings.Join(segs[:static], "/")
	if base == "" && strings.HasPrefix(pattern, "/") {
		base = "/"
	}
	rest := segs[static:]
	var out []string
	start := under(root, filepath.FromSlash(cmpOr(base, ".")))
	err := filepath.WalkDir(start, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == start && errors.Is(err, fs.ErrNotExist) {
				return filepath.SkipAll // no such folder: no match
			}
			return nil // an unreadable folder below holds no match we could read
		}
		rel, _ := filepath.Rel(start, p)
		if rel == "." {
			return nil
		}
		parts := strings.Split(filepath.ToSlash(rel), "/")
		if d.IsDir() {
			if !couldMatch(rest, parts) || sk.skips(p) {
				return filepath.SkipDir
			}
			return nil
		}
		if match(rest, parts) {
			out = append(out, path.Join(base, strings.Join(parts, "/")))
		}
		return nil
	})
	slices.Sort(out)
	return out, err
}

// match reports whether the path parts match the pattern's segments, ** matching any number
// of parts.
func match(segs, parts []string) bool {
	for len(segs) > 0 {
		if segs[0] == "**" {
			for i := 0; i <= len(parts); i++ {
				if match(segs[1:], parts[i:]) {
					return true
				}
			}
			return false
		}
		if len(parts) == 0 {
			return false
		}
		if ok, _ := path.Match(segs[0], parts[0]); !ok {
			return false
		}
		segs, parts = segs[1:], parts[1:]
	}
	return len(parts) == 0
}

// couldMatch reports whether a file below the folder parts could match segs, so the walk
// skips folders no match can be in.
func couldMatch(segs, dir []string) bool {
	for i, p := range dir {
		if i >= len(segs) {
			return false
		}
		if segs[i] == "**" {
			return true
		}
		if ok, _ := path.Match(segs[i], p); !ok {
			return false
		}
	}
	return len(segs) > len(dir)
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
