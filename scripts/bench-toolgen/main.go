// Command bench-toolgen measures toolgen as a whole process on GitHub's public schema (every
// Query and Mutation field allow-listed) against the floor: a process that only loads and
// validates the same schema with gqlparser. Each round runs the floor and every toolgen case
// back to back, so the ratios compare runs made under the same machine load.
//
//	scripts/fetch-github-schema && go run ./scripts/bench-toolgen [-rounds 7]
//
// Cases: first (nothing cached anywhere: no output folder, no count cache, so the tokenizer
// is loaded and every tool counted), cold (no output folder; the counts cached by earlier runs,
// as on any machine that ran toolgen before), unchanged (nothing changed since the last run)
// and check (-check on fresh output). It exits 1 when a bar is missed: cold ≤ 8×, unchanged
// ≤ 2×, check ≤ 2× the floor, peak RSS ≤ 150 MB in every case.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/toolgen/toolgen/internal/githubschema"
)

// bars are the limits from issue 12, as multiples of the floor's median.
var bars = map[string]float64{"cold": 8, "unchanged": 2, "check": 2}

const maxRSSMB = 150

func main() {
	rounds := flag.Int("rounds", 7, "measured rounds (the median is reported)")
	schemaPath := flag.String("schema", githubschema.Path(), "GitHub's published schema")
	flag.Parse()
	if err := run(*rounds, *schemaPath); err != nil {
		fmt.Fprintln(os.Stderr, "bench-toolgen:", err)
		os.Exit(1)
	}
}

func run(rounds int, schemaPath string) error {
	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		return fmt.Errorf("%v; run scripts/fetch-github-schema first", err)
	}
	schema, allow, n, err := githubschema.Prepare(raw)
	if err != nil {
		return err
	}
	w, err := os.MkdirTemp("", "bench-toolgen-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(w)
	for name, b := range map[string][]byte{"schema.graphql": schema, "allowlist.yaml": allow} {
		if err := os.WriteFile(filepath.Join(w, name), b, 0o644); err != nil {
			return err
		}
	}
	for _, pkg := range []string{"./cmd/toolgen", "./scripts/bench-toolgen/floor"} {
		if out, err := exec.Command("go", "build", "-o", filepath.Join(w, "bin", filepath.Base(pkg)), pkg).CombinedOutput(); err != nil {
			return fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
		}
	}
	b := &bench{dir: w, samples: map[string][]sample{}}
	b.once() // warm the page cache and the binaries; not counted
	b.samples = map[string][]sample{}
	for range rounds {
		if err := b.once(); err != nil {
			return err
		}
	}
	return b.report(n, rounds)
}

type sample struct {
	wall  time.Duration
	rssKB int64
}

type bench struct {
	dir     string
	samples map[string][]sample
}

// once runs one round: the floor, then toolgen first, cold, unchanged and check.
func (b *bench) once() error {
	out := filepath.Join(b.dir, "out")
	cache := filepath.Join(b.dir, "cache")
	steps := []struct {
		name  string
		setup func()
		args  []string
	}{
		{"floor", nil, []string{"floor", "schema.graphql"}},
		{"first", func() { os.RemoveAll(out); os.RemoveAll(cache) }, []string{"toolgen", "-out", "out"}},
		{"cold", func() { os.RemoveAll(out) }, []string{"toolgen", "-out", "out"}},
		{"unchanged", nil, []string{"toolgen", "-out", "out"}},
		{"check", nil, []string{"toolgen", "-out", "out", "-check"}},
	}
	for _, s := range steps {
		if s.setup != nil {
			s.setup()
		}
		cmd := exec.Command(filepath.Join(b.dir, "bin", s.args[0]), s.args[1:]...)
		cmd.Dir = b.dir
		cmd.Env = append(os.Environ(), "TOOLGEN_CACHE_DIR="+cache)
		start := time.Now()
		outb, err := cmd.CombinedOutput()
		wall := time.Since(start)
		if err != nil {
			return fmt.Errorf("%s: %v\n%s", s.name, err, outb)
		}
		b.samples[s.name] = append(b.samples[s.name], sample{wall, maxRSSKB(cmd.ProcessState)})
	}
	return nil
}

func (b *bench) report(tools, rounds int) error {
	floor := median(b.samples["floor"])
	fmt.Printf("GitHub schema, %d tools; median of %d rounds on %d cores (%s/%s)\n\n", tools, rounds, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH)
	fmt.Println("| case | median | × floor | bar | peak RSS |")
	fmt.Println("| --- | ---: | ---: | ---: | ---: |")
	var missed []string
	for _, name := range []string{"floor", "first", "cold", "unchanged", "check"} {
		s := b.samples[name]
		m := median(s)
		ratio := float64(m) / float64(floor)
		rss := peak(s)
		bar := "–"
		if lim, ok := bars[name]; ok {
			bar = fmt.Sprintf("≤ %g×", lim)
			if ratio > lim {
				missed = append(missed, fmt.Sprintf("%s %.1f× > %g×", name, ratio, lim))
			}
		}
		if rss/1024 > maxRSSMB {
			missed = append(missed, fmt.Sprintf("%s peak RSS %d MB > %d MB", name, rss/1024, maxRSSMB))
		}
		fmt.Printf("| %s | %.0f ms | %.1f× | %s | %d MB |\n", name, float64(m)/1e6, ratio, bar, rss/1024)
	}
	if len(missed) > 0 {
		fmt.Println()
		return fmt.Errorf("bars missed: %v", missed)
	}
	fmt.Println("\nevery bar met")
	return nil
}

func median(s []sample) time.Duration {
	d := make([]time.Duration, len(s))
	for i, x := range s {
		d[i] = x.wall
	}
	slices.Sort(d)
	return d[len(d)/2]
}

func peak(s []sample) int64 {
	var m int64
	for _, x := range s {
		m = max(m, x.rssKB)
	}
	return m
}
