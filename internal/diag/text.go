package diag

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// utf8BOM is the byte-order mark some Windows editors write at the start of a UTF-8 file.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// Text checks that b, the contents of file, is text every input parser reads the same way:
// UTF-8 without NUL bytes. It returns b without a leading UTF-8 byte-order mark (which YAML
// parsers choke on and GraphQL ignores), or a diagnostic at the first byte that is not text,
// saying how to save the file. Every input of the compiler goes through it, so a Latin-1
// description never reaches the catalog as U+FFFD and a UTF-16 file is not read as garbage.
func Text(file string, b []byte) ([]byte, *Diagnostic) {
	switch {
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE, 0, 0}), bytes.HasPrefix(b, []byte{0, 0, 0xFE, 0xFF}):
		return nil, encoding(file, "UTF-32")
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}), bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		return nil, encoding(file, "UTF-16")
	}
	b = bytes.TrimPrefix(b, utf8BOM)
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			line, col := textPos(b, i)
			return nil, &Diagnostic{File: file, Line: line, Col: col,
				Message: fmt.Sprintf("byte 0x%02X is not UTF-8: the file is saved in another encoding (Latin-1 or Windows-1252, most likely)", b[i]),
				Fix:     "save it as UTF-8 (in an editor, or iconv -f WINDOWS-1252 -t UTF-8)"}
		case r == 0:
			line, col := textPos(b, i)
			if i < 4 || utf16Like(b) {
				return nil, encoding(file, "UTF-16")
			}
			return nil, &Diagnostic{File: file, Line: line, Col: col,
				Message: "the file holds a NUL byte, so it is not a text file",
				Fix:     "remove the NUL bytes, or check that this is the file you meant"}
		}
		i += n
	}
	return b, nil
}

func encoding(file, enc string) *Diagnostic {
	return &Diagnostic{File: file, Message: "the file is saved as " + enc + ", not UTF-8",
		Fix: fmt.Sprintf("save it as UTF-8 (in an editor, or iconv -f %s -t UTF-8)", enc)}
}

// utf16Like: a file whose every other byte of its start is NUL is UTF-16 without a byte-order
// mark (what PowerShell's > writes).
func utf16Like(b []byte) bool {
	n := min(len(b), 64) &^ 1
	zeros := 0
	for i := range n {
		if b[i] == 0 {
			zeros++
		}
	}
	return n > 0 && zeros*2 >= n-2
}

// textPos is the 1-based line and column (in characters, as gqlparser and the YAML parser count
// them) of byte offset off.
func textPos(b []byte, off int) (line, col int) {
	line = 1 + bytes.Count(b[:off], []byte{'\n'})
	start := bytes.LastIndexByte(b[:off], '\n') + 1
	return line, 1 + utf8.RuneCount(b[start:off])
}
