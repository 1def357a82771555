package nolink

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestOpenFileRefusesALinkAndOpensAFile(t *testing.T) {
	dir := t.TempDir()
	file, link, dangling := filepath.Join(dir, "f"), filepath.Join(dir, "link"), filepath.Join(dir, "dangling")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "target"), dangling); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{link, dangling} {
		if f, err := OpenFile(p, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600); !errors.Is(err, ErrLink) {
			f.Close()
			t.Errorf("OpenFile(%s) = %v, want ErrLink", filepath.Base(p), err)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "target")); err == nil {
		t.Error("the dangling link's target was created")
	}
	for _, p := range []string{file, filepath.Join(dir, "new")} {
		f, err := OpenFile(p, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
		if err != nil {
			t.Fatalf("OpenFile(%s): %v", filepath.Base(p), err)
		}
		f.Close()
	}
}
