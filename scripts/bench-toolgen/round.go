package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"
)

// toolgenBuild is one toolgen binary under measurement.
type toolgenBuild struct{ label, path string }

type sample struct {
	wall  time.Duration
	cpu   time.Duration // user and system time: what the run costs whatever else the machine does
	rssKB int64
}

type bench struct {
	dir      string
	n        int // rounds started, for fresh folder names
	floor    string
	toolgens []toolgenBuild
	samples  map[string][]sample // by "floor" or "label case"
}

// round runs the floor, then every case of every build, each build in its own folders.
//
// "No output folder" and "nothing cached" mean folders never used before, and nothing is
// deleted until every round is over: on ext4 without a journal (this machine's disk) the
// kernel will not reuse an inode freed in the last minute, and scans past every such inode at
// each file it creates, so deleting 560 files right before a run made the run's 560 creates
// two to five times slower, a cost of the benchmark and not of toolgen.
func (b *bench) round() error {
	if err := b.time("floor", b.floor, "", "schema.graphql"); err != nil {
		return err
	}
	b.n++
	for _, t := range b.toolgens {
		fresh := func(what string) string {
			return filepath.Join(b.dir, fmt.Sprintf("%s-%s-%d", what, t.label, b.n))
		}
		out, cache := fresh("out-first"), fresh("cache")
		for _, c := range cases {
			if c == "cold" {
				out = fresh("out-cold")
			}
			// Every root field of GitHub has lint errors (credential inputs, identical
			// descriptions); the bench explores, as a person would, with -lint warn.
			args := []string{"-out", out, "-lint", "warn"}
			if c == "check" {
				args = append(args, "-check")
			}
			if err := b.time(t.label+" "+c, t.path, cache, args...); err != nil {
				return err
			}
		}
	}
	return nil
}

func (b *bench) time(key, bin, cache string, args ...string) error {
	cmd := exec.Command(bin, args...)
	cmd.Dir = b.dir
	cmd.Env = append(os.Environ(), "TOOLGEN_CACHE_DIR="+cache)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	wall := time.Since(start)
	if err != nil {
		return fmt.Errorf("%s: %v\n%s", key, err, out)
	}
	ps := cmd.ProcessState
	b.samples[key] = append(b.samples[key], sample{wall, ps.UserTime() + ps.SystemTime(), maxRSSKB(ps)})
	return nil
}

// report prints the table and checks the bars against the last build.
func (b *bench) report() error {
	floor := median(b.samples["floor"])
	fmt.Println("| build | case | median | × floor | bar | CPU | peak RSS |")
	fmt.Println("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
	fmt.Printf("| gqlparser | floor | %.0f ms | 1.0× | – | %.0f ms | %d MB |\n", ms(floor), ms(medianCPU(b.samples["floor"])), peak(b.samples["floor"])/1024)
	var missed []string
	for i, t := range b.toolgens {
		for _, c := range cases {
			s := b.samples[t.label+" "+c]
			ratio := float64(median(s)) / float64(floor)
			rss := peak(s) / 1024
			shown := "–"
			if lim, ok := bars[c]; ok {
				shown = fmt.Sprintf("≤ %g× %s", lim.limit, lim.of)
				base := floor
				if lim.of != "floor" {
					base = median(b.samples[t.label+" "+lim.of])
				}
				if r := float64(median(s)) / float64(base); i == len(b.toolgens)-1 && r > lim.limit {
					missed = append(missed, fmt.Sprintf("%s %.2f× %s > %g×", c, r, lim.of, lim.limit))
				}
			}
			if i == len(b.toolgens)-1 && rss > maxRSSMB {
				missed = append(missed, fmt.Sprintf("%s peak RSS %d MB > %d MB", c, rss, maxRSSMB))
			}
			fmt.Printf("| %s | %s | %.0f ms | %.1f× | %s | %.0f ms | %d MB |\n", t.label, c, ms(median(s)), ratio, shown, ms(medianCPU(s)), rss)
		}
	}
	fmt.Println()
	if len(missed) > 0 {
		return fmt.Errorf("bars missed: %v", missed)
	}
	fmt.Println("every bar met")
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

func median(s []sample) time.Duration {
	return medianOf(s, func(x sample) time.Duration { return x.wall })
}

func medianCPU(s []sample) time.Duration {
	return medianOf(s, func(x sample) time.Duration { return x.cpu })
}

func medianOf(s []sample, f func(sample) time.Duration) time.Duration {
	d := make([]time.Duration, len(s))
	for i, x := range s {
		d[i] = f(x)
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
