package catdiff

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// Reviewed is a -reviewed file: the fingerprints of changes a person has read and accepted, each
// with the note they wrote. A security-flagged or breaking change fails CI until someone looks;
// listing its fingerprint is how they say they did, for that change only: a later commit that
// changes the catalog again makes new fingerprints, which fail again.
type Reviewed struct {
	notes map[string]string
	lines map[string]int // where each fingerprint is, for a stale one
}

// ParseReviewed reads one fingerprint per line, then an optional note; blank lines and lines
// starting with # are skipped:
//
//	3f9a0c12be71  approval-relaxed on addStar: idempotent, agreed with security (ana, 2026-12-01)
//
// Anything else is an error naming the line.
func ParseReviewed(name string, data []byte) (*Reviewed, error) {
	r := &Reviewed{notes: map[string]string{}, lines: map[string]int{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fp := line
		if i := strings.IndexAny(line, " \t"); i >= 0 {
			fp = line[:i]
		}
		if !isFingerprint(fp) {
			return nil, fmt.Errorf("%s:%d: %q is not a fingerprint (12 hex digits, as toolgen diff prints them); write one fingerprint per line, then a note", name, n, fp)
		}
		note := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line[len(fp):]), "#"))
		if note == "" {
			note = "reviewed"
		}
		if _, dup := r.notes[fp]; !dup {
			r.notes[fp], r.lines[fp] = note, n
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return r, nil
}

func isFingerprint(s string) bool {
	if len(s) != 12 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Apply marks the changes whose fingerprint r lists, counts them in the summary, and returns the
// lines of fingerprints that match no change (acknowledgements of changes no longer there).
func (r *Reviewed) Apply(rep *Report) (stale []int) {
	used := map[string]bool{}
	for i := range rep.Changes {
		c := &rep.Changes[i]
		if note, ok := r.notes[c.Fingerprint]; ok {
			c.Reviewed, used[c.Fingerprint] = note, true
			rep.Summary.Reviewed++
		}
	}
	for fp, line := range r.lines {
		if !used[fp] {
			stale = append(stale, line)
		}
	}
	slices.Sort(stale)
	return stale
}
