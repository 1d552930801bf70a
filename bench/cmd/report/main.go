// Command report runs glue's benchmark suite and writes
// docs/benchmarks.md and docs/benchmarks.png.
//
// It builds the bench package's test binary once, runs every benchmark
// group -count times in rounds (one count of every group per round, so
// that a burst of load on the machine falls on all implementations
// alike), keeps the raw output in bench/results/raw.txt, summarises it
// with benchstat's statistics (median and 95% confidence interval of the
// golang.org/x/perf benchmath package, the same as the benchstat command,
// whose own output goes to bench/results/benchstat.txt) and writes the
// document and the chart.
//
// Usage, from the bench directory:
//
//	go run ./cmd/report            # the full suite, about 15 minutes
//	go run ./cmd/report -quick     # every benchmark once, small sizes
//	go run ./cmd/report -skip-run  # rewrite the doc from results/raw.txt
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"time"
)

// group is one go test invocation: a -bench pattern and its -benchtime;
// with nogc, the bench package's -nogc flag (no GC between a scenario's
// setup and its timed loop), and the runs are named "<impl>-nogc".
type group struct {
	pattern   string
	benchtime string
	nogc      bool
}

// fullPlan is the suite. Benchtimes are counts for the long Table 4.1 and
// compute-heavy operations (each already runs 1000 or 100 ticks) and for
// the go-ecs-benchmarks scenarios at 256,000 entities (whose setup takes
// longer than an operation), durations for the short ones.
var fullPlan = []group{
	{`^BenchmarkTable41$/.*/^1000$`, "20x", false},
	{`^BenchmarkTable41$/.*/^10000$`, "3x", false},
	{`^BenchmarkTable41$/.*/^100000$`, "1x", false},
	{`^BenchmarkCompute$/.*/^1000$`, "100x", false},
	{`^BenchmarkCompute$/.*/^10000$`, "10x", false},
	{`^BenchmarkCompute$/.*/^100000$`, "1x", false},
	{`^BenchmarkParallel$`, "0.15s", false},
	{`^Benchmark(Query2comp|Query32arch|Query256arch|Random|Create2comp|Create2compAlloc|AddRemove|AddRemoveLarge|Delete2comp|Delete10comp)$/.*/^(1024|16000)$`, "0.2s", false},
	{`^Benchmark(Query2comp|Query32arch|Query256arch|Random|Create2comp|AddRemove|Delete2comp|Delete10comp)$/.*/^256000$`, "3x", false},
	{`^Benchmark(Create2compAlloc|AddRemoveLarge)$/.*/^256000$`, "1x", false},
	{`^Benchmark(Query2comp|Query32arch|Query256arch|Random|Create2comp|AddRemove|Delete2comp|Delete10comp)$/.*/^(1024|16000)$`, "0.2s", true},
	{`^Benchmark(Query2comp|Query32arch|Query256arch|Random|Create2comp|AddRemove|Delete2comp|Delete10comp)$/.*/^256000$`, "3x", true},
	{`^Benchmark(NewWorld|Churn)$`, "0.2s", false},
	{`^Benchmark(EmptySystem|Stages|Barrier)$`, "0.2s", false},
}

// quickPlan runs every benchmark once at small sizes: a smoke test of the
// suite and of this program.
var quickPlan = []group{{`.`, "1x", false}, {`^Benchmark(Query2comp|Delete10comp)$`, "1x", true}}

func main() {
	var (
		count   = flag.Int("count", 6, "runs of every benchmark")
		quick   = flag.Bool("quick", false, "run every benchmark once with -short (smoke test)")
		skipRun = flag.Bool("skip-run", false, "do not run benchmarks; rewrite the doc from the raw results")
		docs    = flag.String("docs", "../docs", "directory to write benchmarks.md and benchmarks.png to")
		results = flag.String("results", "results", "directory for raw.txt and benchstat.txt")
	)
	flag.Parse()
	if err := run(*count, *quick, *skipRun, *docs, *results); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

func run(count int, quick, skipRun bool, docs, results string) error {
	if err := os.MkdirAll(results, 0o755); err != nil {
		return err
	}
	rawPath := filepath.Join(results, "raw.txt")
	plan := fullPlan
	if quick {
		plan, count = quickPlan, 1
	}
	if !skipRun {
		env, err := measure(plan, count, quick, rawPath)
		if err != nil {
			return err
		}
		if err := writeEnv(filepath.Join(results, "env.txt"), env); err != nil {
			return err
		}
	}
	raw, err := os.ReadFile(rawPath)
	if err != nil {
		return err
	}
	env, err := readEnv(filepath.Join(results, "env.txt"))
	if err != nil {
		return err
	}
	res, err := parse(bytes.NewReader(raw), rawPath)
	if err != nil {
		return err
	}
	if err := benchstat(rawPath, filepath.Join(results, "benchstat.txt")); err != nil {
		return err
	}
	if err := os.MkdirAll(docs, 0o755); err != nil {
		return err
	}
	if err := writeChart(res, filepath.Join(docs, "benchmarks.png")); err != nil {
		return err
	}
	var md bytes.Buffer
	writeDoc(&md, res, env)
	return os.WriteFile(filepath.Join(docs, "benchmarks.md"), md.Bytes(), 0o644)
}

// measure builds the test binary and runs the plan count times, appending
// the output to rawPath. It returns what the document says about the run.
func measure(plan []group, count int, quick bool, rawPath string) (map[string]string, error) {
	bin := filepath.Join(os.TempDir(), fmt.Sprintf("glue-bench-%d.test", os.Getpid()))
	defer os.Remove(bin)
	build := exec.Command("go", "test", "-c", "-o", bin, ".")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return nil, fmt.Errorf("building the benchmarks: %w", err)
	}
	raw, err := os.Create(rawPath)
	if err != nil {
		return nil, err
	}
	defer raw.Close()
	env := machine()
	env["count"] = fmt.Sprint(count)
	var times []string
	for _, g := range plan {
		nogc := ""
		if g.nogc {
			nogc = " -nogc"
		}
		times = append(times, fmt.Sprintf("`%s` %s%s", g.pattern, g.benchtime, nogc))
	}
	env["benchtime"] = strings.Join(times, "; ")
	env["quick"] = fmt.Sprint(quick)
	load0, psi0 := loadavg(), cpuPressure()
	start := time.Now()
	for round := range count {
		for _, g := range plan {
			fmt.Fprintf(os.Stderr, "round %d/%d: %s\n", round+1, count, g.pattern)
			args := []string{"-test.run=NONE", "-test.bench=" + g.pattern, "-test.benchtime=" + g.benchtime, "-test.count=1"}
			if quick {
				args = append(args, "-test.short")
			}
			if g.nogc {
				args = append(args, "-nogc")
			}
			cmd := exec.Command(bin, args...)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, os.Stderr
			err := cmd.Run()
			text := out.Bytes()
			if g.nogc {
				text = nogcNames(text)
			}
			raw.Write(text)
			if err != nil {
				os.Stderr.Write(text)
				return nil, fmt.Errorf("running %s: %w", g.pattern, err)
			}
		}
	}
	elapsed := time.Since(start)
	env["duration"] = elapsed.Round(time.Second).String()
	env["load"] = fmt.Sprintf("%s at the start, %s at the end", load0, loadavg())
	if psi1 := cpuPressure(); psi0 >= 0 && psi1 >= psi0 {
		env["pressure"] = fmt.Sprintf("%.0f%%", 100*float64(psi1-psi0)/float64(elapsed.Microseconds()))
	}
	return env, nil
}

// machine describes the computer and toolchain.
func machine() map[string]string {
	env := map[string]string{
		"date":       time.Now().UTC().Format("2006-01-02 15:04 MST"),
		"go":         goVersion(),
		"os":         runtime.GOOS + "/" + runtime.GOARCH,
		"cpus":       fmt.Sprint(runtime.NumCPU()),
		"gomaxprocs": fmt.Sprint(runtime.GOMAXPROCS(0)),
		"cpu":        cpuModel(),
		"commit":     gitCommit(),
	}
	return env
}

func goVersion() string {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return runtime.Version()
	}
	return strings.TrimSpace(string(out))
}

func cpuModel() string {
	out, err := exec.Command("lscpu").Output()
	if err == nil {
		for _, line := range strings.Split(string(out), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "Model name" {
				model := strings.TrimSpace(v)
				if hv := lscpuField(string(out), "Hypervisor vendor"); hv != "" {
					model += " (virtual machine, " + hv + ")"
				}
				return model
			}
		}
	}
	return "unknown"
}

func lscpuField(out, key string) string {
	for _, line := range strings.Split(out, "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

func gitCommit() string {
	out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	c := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "status", "--porcelain", "--", "..").Output(); err == nil && len(bytes.TrimSpace(st)) > 0 {
		c += " (with uncommitted changes)"
	}
	return c
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// cpuPressure returns the kernel's total microseconds in which some task
// waited for a CPU (Linux PSI), or -1.
func cpuPressure() int64 {
	b, err := os.ReadFile("/proc/pressure/cpu")
	if err != nil {
		return -1
	}
	for _, f := range strings.Fields(strings.SplitN(string(b), "\n", 2)[0]) {
		if v, ok := strings.CutPrefix(f, "total="); ok {
			var n int64
			if _, err := fmt.Sscan(v, &n); err == nil {
				return n
			}
		}
	}
	return -1
}

func writeEnv(path string, env map[string]string) error {
	var b strings.Builder
	for _, k := range sortedKeys(env) {
		fmt.Fprintf(&b, "%s: %s\n", k, env[k])
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func readEnv(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	env := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ": "); ok {
			env[k] = v
		}
	}
	return env, nil
}

// benchstat runs the benchstat command (the version pinned in go.mod) on
// the raw results.
func benchstat(rawPath, outPath string) error {
	cmd := exec.Command("go", "tool", "benchstat", rawPath)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("benchstat: %w", err)
	}
	return os.WriteFile(outPath, out, 0o644)
}

// nogcLine matches a benchmark result line's name: scenario/impl/size.
var nogcLine = regexp.MustCompile(`(?m)^(Benchmark[^/\s]+/[^\s]+)/(\d+)(-\d+\s)`)

// nogcNames renames the results of a -nogc run: Benchmark<S>/<impl>/<n>
// becomes Benchmark<S>/<impl>-nogc/<n>, so that the document shows them
// as rows of their own beside the runs with a GC before timing.
func nogcNames(out []byte) []byte {
	return nogcLine.ReplaceAll(out, []byte("${1}-nogc/${2}${3}"))
}
