// Command check re-measures the headline ratios that README.md and
// docs/*.md claim, on the machine it runs on, and prints claim by claim
// whether each holds (within 15%). `make bench-check` runs it (a few
// minutes; under Xvfb for the graphics claim).
//
// Each claim is a ratio of two benchmarks that already exist in the
// repository (bench/, games/swarm, modules/render). A round runs both in
// one process (`-test.count 1`, the pattern matching both), so the two
// figures of a round see the machine alike; the ratio is taken within
// each round, and the claim's figure is the median over the rounds, with
// the smallest and largest round beside it. A claim holds when the median
// lies within its stated range widened by 15% on each side. The CPU
// model, the cores and the load average are printed before and after:
// a claim that does not hold on a loaded machine says so.
//
// Usage, from the bench directory:
//
//	go run ./cmd/check               # every claim, 5 rounds
//	go run ./cmd/check -rounds 3 -run swarm
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// claim is one ratio a document states: A's metric over B's.
type claim struct {
	id, where, text string
	lo, hi          float64 // the stated range (lo == hi for one figure)
	pkg             string  // the package, from the repository's root
	a, b            string  // benchmark names, as go test prints them, without -N
	metric          string
	benchtime       string
	display         bool // needs a display (run under Xvfb)
	// rounds, if more than -rounds, is the claim's own number of paired
	// rounds: a measure whose rounds swing needs more for a steady
	// median.
	rounds int
	// table, if set, is where the claimed figure is read from instead
	// of lo and hi: a table that make bench generates.
	table *docTable
}

// docTable names a ratio of two rows of a Markdown table in a generated
// document: row a's figure in column col over row b's, in the first
// table after the heading sub that follows the heading section.
type docTable struct {
	doc, section, sub, col, a, b string
}

// claims are the headline ratios of README.md and docs/*.md. where names
// the document that states the figure; a claim with a table reads the
// figure from the table that make bench last generated, so the claim
// follows the document. The claims of glue's sequential systems against
// plain slices (Table 4.1) compare CPU time (cpu-ns/entity-tick: the
// process's own, so the time the shared machine gives to other
// processes is left out; on a quiet machine it is the wall time).
var claims = []claim{
	// t41-batch-slices: README says "within 1.05–1.20×"; glue's Batch
	// runs the plain loop over the same dense slices, so the ratio is
	// 1 give or take the machine: the quiet check at merge measured 0.83
	// (rounds 0.51–1.77), ecs37's loaded runs 1.03 (0.92–1.14). A ratio
	// below 1.05 is glue as fast as the plain loop, not a regression: the
	// claim is "within 1.20×" from 0.90 up, on 9 rounds (issue #37).
	{id: "t41-batch-slices", where: "README (Benchmarks)", text: "glue Batch (sequential) ÷ plain slices at 100,000, CPU time",
		lo: 0.90, hi: 1.20, rounds: 9, pkg: "bench", a: "BenchmarkTable41/glue-batch-seq/100000", b: "BenchmarkTable41/slices/100000", metric: "cpu-ns/entity-tick", benchtime: "1x"},
	// t41-batchpar-object: Table 4.1 says 0.72. The object model is the
	// noisiest of the benchmarks (pointer chasing over 100,000 heap
	// objects): in five alternated rounds at merge (29 Nov, load 1.2–2)
	// it took 4.6–9.1 ns/entity-tick while glue's Batch on 2 workers
	// took 5.6–6.5 before the session's merges and 4.9–7.7 after
	// (medians 6.41 and 6.04: no regression); the check measured 0.78,
	// 0.87, 0.93 and 0.94. The claim is the range 0.70–0.95 on 9 rounds.
	{id: "t41-batchpar-object", where: "docs/benchmarks.md (Re-measured at merge, 29 Nov 09:40)", text: "glue Batch on 2 workers ÷ the object model at 100,000",
		lo: 0.70, hi: 0.95, rounds: 9, pkg: "bench", a: "BenchmarkTable41/glue-batch-par/100000", b: "BenchmarkTable41/object/100000", metric: "ns/entity-tick", benchtime: "1x"},
	{id: "t41-donburi-batch", where: "docs/benchmarks.md (Table 4.1, 100000 entities)", text: "idiomatic donburi ÷ glue Batch (sequential) at 100,000",
		table: t41("donburi", "glue-batch-seq"), pkg: "bench", a: "BenchmarkTable41/donburi/100000", b: "BenchmarkTable41/glue-batch-seq/100000", metric: "ns/entity-tick", benchtime: "1x"},
	{id: "t41-each-slices", where: "docs/benchmarks.md (Issue #37, branch ecs37)", text: "glue Each (sequential) ÷ plain slices at 100,000, CPU time",
		lo: 2.30, hi: 2.70, rounds: 9, pkg: "bench", a: "BenchmarkTable41/glue-seq/100000", b: "BenchmarkTable41/slices/100000", metric: "cpu-ns/entity-tick", benchtime: "1x"},
	{id: "t41-ark-object", where: "docs/benchmarks.md (Table 4.1, 100000 entities)", text: "ark (per entity) ÷ the object model at 100,000",
		table: t41("ark", "object"), pkg: "bench", a: "BenchmarkTable41/ark/100000", b: "BenchmarkTable41/object/100000", metric: "ns/entity-tick", benchtime: "1x"},
	{id: "compute-speedup", where: "docs/benchmarks.md (Compute-heavy variant, 100000 entities)", text: "compute-heavy: glue Batch sequential ÷ on 2 workers at 100,000",
		table: &docTable{doc: "docs/benchmarks.md", section: "## Compute-heavy variant", sub: "### 100000 entities", col: "ns/entity/tick", a: "glue-batch-seq", b: "glue-batch-par"},
		pkg:   "bench", a: "BenchmarkCompute/glue-batch-seq/100000", b: "BenchmarkCompute/glue-batch-par/100000", metric: "ns/entity-tick", benchtime: "1x"},
	{id: "create-ark", where: "bench/analysis.md (Issue #22's goals, re-measured quiet)", text: "create: glue.Spawn2 ÷ ark one by one at 16,000",
		lo: 0.70, hi: 0.70, pkg: "bench", a: "BenchmarkCreate2comp/glue-typed/16000", b: "BenchmarkCreate2comp/ark/16000", metric: "ns/entity", benchtime: "20x"},
	{id: "delete-ark", where: "docs/benchmarks.md (Issue #37, branch ecs37)", text: "delete: glue ÷ ark one by one at 16,000",
		lo: 0.60, hi: 0.90, pkg: "bench", a: "BenchmarkDelete2comp/glue/16000", b: "BenchmarkDelete2comp/ark/16000", metric: "ns/entity", benchtime: "20x"},
	{id: "churn-ark", where: "docs/benchmarks.md (Issue #37, branch ecs37)", text: "churn of 1,000 among 100,000: glue-typed ÷ ark per tick",
		lo: 0.60, hi: 0.70, pkg: "bench", a: "BenchmarkChurn/glue-typed", b: "BenchmarkChurn/ark", metric: "ns/op", benchtime: "200x"},
	// query-ark-tables, range-ark, each-ark and random-ark at 16,000 ran
	// 200 ticks a round (about 10 ms a form), whose rounds spread
	// 0.11–3.47 and 0.22–10.6 at load 30 (range-ark's median fell to
	// 0.66, glue the faster): 2,000 ticks and 9 rounds steady the median
	// (issue #37).
	{id: "query-ark-tables", where: "docs/benchmarks.md (Issue #37, branch ecs37)", text: "query2comp: glue Batch ÷ ark's column form at 16,000",
		lo: 1.00, hi: 1.20, pkg: "bench", a: "BenchmarkQuery2comp/glue-batch/16000", b: "BenchmarkQuery2comp/ark-tables/16000", metric: "ns/entity", benchtime: "2000x", rounds: 9},
	{id: "range-ark", where: "docs/storage.md (Queries), docs/benchmarks.md (Issue #37, branch ecs37)", text: "query2comp: a system ranging over Query2.All ÷ ark's per-entity query at 16,000",
		lo: 0.80, hi: 1.15, pkg: "bench", a: "BenchmarkQuery2comp/glue-range/16000", b: "BenchmarkQuery2comp/ark/16000", metric: "ns/entity", benchtime: "2000x", rounds: 9},
	{id: "each-ark", where: "docs/storage.md, bench/analysis.md (Each, Get and churn)", text: "query2comp: glue Each2 ÷ ark's per-entity query at 16,000",
		lo: 1.51, hi: 1.53, pkg: "bench", a: "BenchmarkQuery2comp/glue-each/16000", b: "BenchmarkQuery2comp/ark/16000", metric: "ns/entity", benchtime: "2000x", rounds: 9},
	// random-ark: Query1.Get is inlined into the system since issue #37
	// (was one call, 1.32× at the quiet check at merge). Loaded (load
	// 28–35): TestTrials 0.84 by the minima, 0.94 by the medians; this
	// benchmark 0.77 (rounds 0.19–1.40). Claimed: at or under the goal
	// of 1.2, to be narrowed by a quiet run.
	{id: "random-ark", where: "docs/benchmarks.md (Issue #37: goals)", text: "random access: Query1.Get ÷ ark's Map.Get at 16,000",
		lo: 0.80, hi: 1.20, pkg: "bench", a: "BenchmarkRandom/glue/16000", b: "BenchmarkRandom/ark/16000", metric: "ns/entity", benchtime: "2000x", rounds: 9},
	// swarm-ec: docs/swarm.md's 2.96× (rounds 2.68–4.14, quiet, 27 Nov);
	// the quiet check at merge on 29 Nov measured 3.46× (rounds
	// 2.82–5.42): the EC's tick swings far more than glue's, and a
	// higher ratio is glue the faster. The range spans both quiet runs.
	swarmTick("swarm-ec", "the EC ÷ glue (2 workers)", "ec", "glue", "ns/op", 2.96, 3.46),
	swarmTick("swarm-loop", "the loop ÷ glue (2 workers)", "loop", "glue", "ns/op", 1.10, 1.10),
	swarmTick("swarm-loop-cpu", "the loop ÷ glue on 1 worker, CPU time", "loop", "glue-1worker", "cpu-ns/op", 1.15, 1.15),
	{id: "sprites-drawimage", where: "docs/graphics.md (Sprites re-measured)", text: "10,000 sprites: one DrawImage per sprite ÷ glue, CPU time per frame",
		lo: 4.31, hi: 4.31, pkg: "modules/render", a: "BenchmarkSpritesDrawImage_10000", b: "BenchmarkSprites_10000", metric: "cpu-ms/frame", benchtime: "40x", display: true},
}

// swarmTick is a claim of docs/swarm.md about the avoid-colour tick at
// 100,000 fish: implementation a's metric over b's.
func swarmTick(id, text, a, b, metric string, lo, hi float64) claim {
	const bench = "BenchmarkTick/avoid-colour/fish=100000/"
	return claim{id: id, where: "docs/swarm.md (Ticks at a fixed count)", text: "swarm, avoid-colour tick at 100,000 fish: " + text,
		lo: lo, hi: hi, pkg: "games/swarm", a: bench + a, b: bench + b, metric: metric, benchtime: "30x"}
}

// t41 is the ratio of two rows of Table 4.1 at 100,000 entities in
// docs/benchmarks.md.
func t41(a, b string) *docTable {
	return &docTable{doc: "docs/benchmarks.md", section: "## Table 4.1", sub: "### 100000 entities", col: "ns/entity/tick", a: a, b: b}
}

// tolerance is how far a re-measured ratio may lie outside the stated
// range and still hold.
const tolerance = 0.15

func main() {
	rounds := flag.Int("rounds", 5, "paired rounds per claim")
	run := flag.String("run", "", "only the claims whose id matches this regular expression")
	list := flag.Bool("list", false, "list the claims and exit")
	out := flag.String("out", "", "also write the output to this file")
	flag.Parse()
	var w io.Writer = os.Stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "check:", err)
			os.Exit(1)
		}
		defer f.Close()
		w = io.MultiWriter(os.Stdout, f)
	}
	if err := check(w, *rounds, *run, *list); err != nil {
		fmt.Fprintln(os.Stderr, "check:", err)
		os.Exit(1)
	}
}

func check(w io.Writer, rounds int, run string, list bool) error {
	re, err := regexp.Compile(run)
	if err != nil {
		return err
	}
	root, err := filepath.Abs("..")
	if err != nil {
		return err
	}
	var todo []claim
	for _, c := range claims {
		if !re.MatchString(c.id) {
			continue
		}
		if c.table != nil {
			r, err := c.table.ratio(root)
			if err != nil {
				return fmt.Errorf("%s: %w", c.id, err)
			}
			c.lo, c.hi = r, r
		}
		todo = append(todo, c)
	}
	if list {
		for _, c := range todo {
			fmt.Fprintf(w, "%-20s %s: %s, claimed %s\n", c.id, c.where, c.text, rng(c.lo, c.hi))
		}
		return nil
	}
	fmt.Fprintf(w, "bench-check: %s, %d cores, %s; load average %s; %d paired rounds per claim (more where a claim asks), holds within ±%.0f%% of the stated range\n\n",
		cpuModel(), runtime.NumCPU(), runtime.Version(), loadavg(), rounds, 100*tolerance)
	bins := map[string]string{}
	dir, err := os.MkdirTemp("", "bench-check")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	held, total := 0, 0
	for _, c := range todo {
		if c.display && os.Getenv("DISPLAY") == "" {
			fmt.Fprintf(w, "SKIP  %s: %s (needs a display: run under xvfb-run)\n", c.id, c.text)
			continue
		}
		bin, ok := bins[c.pkg]
		if !ok {
			bin = filepath.Join(dir, strings.ReplaceAll(c.pkg, "/", "_")+".test")
			build := exec.Command("go", "test", "-c", "-o", bin, ".")
			build.Dir = filepath.Join(root, c.pkg)
			build.Stdout, build.Stderr = os.Stderr, os.Stderr
			if err := build.Run(); err != nil {
				return fmt.Errorf("building %s's tests: %w", c.pkg, err)
			}
			bins[c.pkg] = bin
		}
		rs, as, bs, err := measure(c, bin, filepath.Join(root, c.pkg), max(rounds, c.rounds))
		if err != nil {
			return fmt.Errorf("%s: %w", c.id, err)
		}
		med, lo, hi := spread(rs)
		ok = med >= c.lo/(1+tolerance) && med <= c.hi*(1+tolerance)
		verdict := "HOLDS"
		if !ok {
			verdict = "FAILS"
		} else {
			held++
		}
		total++
		ma, _, _ := spread(as)
		mb, _, _ := spread(bs)
		fmt.Fprintf(w, "%s %s: %s\n      claimed %s (%s); measured %.2f× (rounds %.2f–%.2f; medians %.4g and %.4g %s); load %s\n",
			verdict, c.id, c.text, rng(c.lo, c.hi), c.where, med, lo, hi, ma, mb, c.metric, loadavg())
	}
	fmt.Fprintf(w, "\n%d of %d claims hold on this machine (load average %s at the end).\n", held, total, loadavg())
	if l := load1(); l > float64(runtime.NumCPU()) {
		fmt.Fprintf(w, "The load average (%.1f) exceeds the %d cores: other processes shared the machine, and a claim that fails here is to be re-measured quiet.\n", l, runtime.NumCPU())
	}
	return nil
}

// ratio reads t's rows from its document under root and returns row a's
// figure over row b's.
func (t *docTable) ratio(root string) (float64, error) {
	b, err := os.ReadFile(filepath.Join(root, t.doc))
	if err != nil {
		return 0, err
	}
	lines := strings.Split(string(b), "\n")
	i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, t.section) })
	if i >= 0 {
		if j := slices.Index(lines[i:], t.sub); j >= 0 {
			i += j
		} else {
			i = -1
		}
	}
	if i < 0 {
		return 0, fmt.Errorf("%s has no %q under %q; run make bench to regenerate it", t.doc, t.sub, t.section)
	}
	col := -1
	vals := map[string]float64{}
	for _, l := range lines[i+1:] {
		if strings.HasPrefix(l, "#") {
			break
		}
		if !strings.HasPrefix(l, "|") {
			if col >= 0 {
				break // the table ended
			}
			continue
		}
		cells := strings.Split(strings.Trim(l, "|"), "|")
		for k := range cells {
			cells[k] = strings.TrimSpace(cells[k])
		}
		if col < 0 {
			col = slices.Index(cells, t.col)
			if col < 0 {
				return 0, fmt.Errorf("%s: the table under %q has no column %q", t.doc, t.sub, t.col)
			}
			continue
		}
		if col < len(cells) {
			if v, err := strconv.ParseFloat(cells[col], 64); err == nil {
				vals[cells[0]] = v
			}
		}
	}
	a, okA := vals[t.a]
	d, okB := vals[t.b]
	if !okA || !okB || d == 0 {
		return 0, fmt.Errorf("%s: the table under %q (%s) has no figures for %s and %s; run make bench to regenerate it", t.doc, t.sub, t.section, t.a, t.b)
	}
	return a / d, nil
}

// measure runs rounds processes of bin, each timing c.a and c.b once,
// and returns the ratios a/b and the figures of a and b.
func measure(c claim, bin, dir string, rounds int) (rs, as, bs []float64, err error) {
	pattern := benchPattern(c.a, c.b)
	for range rounds {
		cmd := exec.Command(bin, "-test.run", "^$", "-test.bench", pattern, "-test.benchtime", c.benchtime, "-test.count", "1")
		cmd.Dir = dir
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			return nil, nil, nil, fmt.Errorf("%v\n%s", err, out.String())
		}
		vals := parse(out.String(), c.metric)
		a, okA := vals[c.a]
		b, okB := vals[c.b]
		if !okA || !okB || b == 0 {
			return nil, nil, nil, fmt.Errorf("no %s for %s and %s in\n%s", c.metric, c.a, c.b, out.String())
		}
		rs, as, bs = append(rs, a/b), append(as, a), append(bs, b)
	}
	return rs, as, bs, nil
}

// benchPattern is a -test.bench pattern that matches exactly a and b
// (go test splits patterns at slashes, one level each).
func benchPattern(a, b string) string {
	pa, pb := strings.Split(a, "/"), strings.Split(b, "/")
	if len(pa) != len(pb) {
		return "^(" + regexp.QuoteMeta(a) + "|" + regexp.QuoteMeta(b) + ")$"
	}
	parts := make([]string, len(pa))
	for i := range pa {
		if pa[i] == pb[i] {
			parts[i] = "^" + regexp.QuoteMeta(pa[i]) + "$"
		} else {
			parts[i] = "^(" + regexp.QuoteMeta(pa[i]) + "|" + regexp.QuoteMeta(pb[i]) + ")$"
		}
	}
	return strings.Join(parts, "/")
}

var procs = regexp.MustCompile(`-\d+$`)

// parse returns each benchmark's value of metric in go test's output.
func parse(out, metric string) map[string]float64 {
	vals := map[string]float64{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := procs.ReplaceAllString(f[0], "")
		for i := 2; i+1 < len(f); i++ {
			if f[i+1] == metric {
				if v, err := strconv.ParseFloat(f[i], 64); err == nil {
					vals[name] = v
				}
			}
		}
	}
	return vals
}

// spread returns the median, smallest and largest of xs.
func spread(xs []float64) (med, lo, hi float64) {
	slices.Sort(xs)
	med = xs[len(xs)/2]
	if len(xs)%2 == 0 {
		med = (xs[len(xs)/2-1] + xs[len(xs)/2]) / 2
	}
	return med, xs[0], xs[len(xs)-1]
}

// rng formats a stated range.
func rng(lo, hi float64) string {
	if lo == hi {
		return fmt.Sprintf("%.2f×", lo)
	}
	return fmt.Sprintf("%.2f–%.2f×", lo, hi)
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}

// load1 is the one-minute load average, or 0.
func load1() float64 {
	f := strings.Fields(loadavg())
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(f[0], 64)
	return v
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}
