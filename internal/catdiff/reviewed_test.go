package catdiff

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseReviewed(t *testing.T) {
	r, err := ParseReviewed("reviewed.txt", []byte("# accepted\n\n3f9a0c12be71  approval-relaxed: idempotent\n0123456789ab\t# tab, then a note\naaaaaaaaaaaa\n3f9a0c12be71 a repeat keeps the first note\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"3f9a0c12be71": "approval-relaxed: idempotent", "0123456789ab": "tab, then a note", "aaaaaaaaaaaa": "reviewed"}
	if diff := cmp.Diff(want, r.notes); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
	rep := &Report{Changes: []Change{{ID: "approval-relaxed", Fingerprint: "3f9a0c12be71"}, {ID: "tool-added", Fingerprint: "bbbbbbbbbbbb"}}}
	if stale := r.Apply(rep); !cmp.Equal(stale, []int{4, 5}) {
		t.Errorf("stale lines %v, want [4 5]", stale)
	}
	if rep.Changes[0].Reviewed != "approval-relaxed: idempotent" || rep.Changes[1].Reviewed != "" || rep.Summary.Reviewed != 1 {
		t.Errorf("applied: %+v, summary %+v", rep.Changes, rep.Summary)
	}
	for in, want := range map[string]string{
		"3F9A0C12BE71 upper case":     `f:1: "3F9A0C12BE71" is not a fingerprint`,
		"ok\n3f9a0c12be7 eleven":      `f:1: "ok" is not a fingerprint`,
		"# c\n3f9a0c12be71x one more": `f:2: "3f9a0c12be71x" is not a fingerprint`,
	} {
		if _, err := ParseReviewed("f", []byte(in)); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("ParseReviewed(%q) = %v, want %s…", in, err, want)
		}
	}
}

// FuzzParseReviewed: no panic on any bytes; every accepted fingerprint is twelve hex digits.
func FuzzParseReviewed(f *testing.F) {
	f.Add([]byte("3f9a0c12be71  note\n# c\n"))
	f.Add([]byte("\xff\x00\n\t3f9a0c12be71\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseReviewed("f", data)
		if err != nil {
			return
		}
		for fp, note := range r.notes {
			if !isFingerprint(fp) || note == "" {
				t.Fatalf("accepted %q with note %q", fp, note)
			}
		}
	})
}
