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
// and check (-check on fresh output). Before the rounds it waits until the disk creates files at
// its normal speed (see settle). It exits 1 when a bar is missed: cold ≤ 8× and unchanged
// ≤ 2× the floor, check ≤ 1.2× first, peak RSS ≤ 150 MB in every case.
//
// -builds old=/path/to/toolgen,new=/other/toolgen measures several builds in the same rounds
// (docs/speed.md's before-and-after table); the bars then apply to the last one.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/toolgen/toolgen/internal/githubschema"
)

// bar is a limit on a case's median, as a multiple of another case's median.
type bar struct {
	limit float64
	of    string
}

// bars are the limits from issue 12. check's was ≤ 2× the floor while it trusted the stamp
// and the count cache; it now trusts neither (a poisoned cache or a forged stamp must not pass
// CI), so it recounts every tool as a first run does and may cost what a first run costs.
var bars = map[string]bar{"cold": {8, "floor"}, "unchanged": {2, "floor"}, "check": {1.2, "first"}}

const maxRSSMB = 150

var cases = []string{"first", "cold", "unchanged", "check"}

func main() {
	rounds := flag.Int("rounds", 7, "measured rounds (the median is reported)")
	schemaPath := flag.String("schema", githubschema.Path(), "GitHub's published schema")
	builds := flag.String("builds", "", "label=path,… of toolgen binaries to compare (default: build ./cmd/toolgen)")
	slow := flag.Duration("slow-create", 50*time.Microsecond, "wait (up to 3 minutes) until creating a file takes at most this long (15–40 µs on a settled disk here)")
	flag.Parse()
	if err := run(*rounds, *schemaPath, *builds, *slow); err != nil {
		fmt.Fprintln(os.Stderr, "bench-toolgen:", err)
		os.Exit(1)
	}
}

func run(rounds int, schemaPath, builds string, slow time.Duration) error {
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
	b := &bench{dir: w, samples: map[string][]sample{}}
	if b.floor, err = build(w, "./scripts/bench-toolgen/floor"); err != nil {
		return err
	}
	if b.toolgens, err = toolgens(w, builds); err != nil {
		return err
	}
	create, err := settle(w, slow, 3*time.Minute)
	if err != nil {
		return err
	}
	if err := b.round(); err != nil { // warm the page cache and the binaries; not counted
		return err
	}
	b.samples = map[string][]sample{}
	for range rounds {
		if err := b.round(); err != nil {
			return err
		}
	}
	fmt.Printf("GitHub schema, %d tools; median of %d rounds on %d cores (%s/%s); creating a file took %v before the rounds\n\n",
		n, rounds, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, create.Round(time.Microsecond))
	return b.report()
}

func build(dir, pkg string) (string, error) {
	bin := filepath.Join(dir, "bin", filepath.Base(pkg))
	if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin, nil
}

// toolgens parses -builds, or builds this checkout's toolgen.
func toolgens(dir, spec string) ([]toolgenBuild, error) {
	if spec == "" {
		bin, err := build(dir, "./cmd/toolgen")
		return []toolgenBuild{{"toolgen", bin}}, err
	}
	var out []toolgenBuild
	for _, item := range strings.Split(spec, ",") {
		label, path, ok := strings.Cut(item, "=")
		if !ok {
			return nil, fmt.Errorf("-builds: %q is not label=path", item)
		}
		abs, err := filepath.Abs(path)
		if err != nil {
			return nil, err
		}
		out = append(out, toolgenBuild{label, abs})
	}
	return out, nil
}
