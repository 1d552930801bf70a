package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/gluekit/glue"
)

// The benchmark measures what the Völkers thesis measured: how many
// entities an implementation keeps within a frame-rate bound (30 frames
// a second, as the thesis, and 60), for the variants M, M+A, M+C and
// M+A+C. -bench-draw times whole frames, tick and drawing, in a window
// (the headline); -bench times update-only ticks, headless.
//
// The method, for one variant and one bound B (a frame's time budget):
//
//  1. A search finds, for each implementation on its own, a count n that
//     fits: the median of Frames frames at n is within B (counts double
//     from 1,024 until one does not fit, then bisect to within 10%).
//  2. Rounds, interleaved: each round times Frames frames of every
//     implementation at its n, one implementation after another (the
//     order rotates from round to round), so that all see the machine
//     alike. A round's estimate of an implementation's count at the
//     bound is n·B/t, t the median of its frames: near the bound a
//     frame's time is proportional to the count. The ratio of two
//     implementations is taken within each round.
//
// Every figure is the median over the rounds, with the smallest and
// largest round in brackets. The output names the CPU model, the cores
// and the load average before and after.

// BenchOptions tune [RunBench] and [RunDrawBench].
type BenchOptions struct {
	Seed uint64
	// Max is the largest count the search tries; an implementation that
	// keeps up with it is reported as "≥ Max".
	Max int
	// Frames is the number of frames (or ticks) timed at each count and
	// in each round; their median counts.
	Frames int
	// Rounds is the number of interleaved rounds; 0 means 5.
	Rounds int
	// Sequential runs glue with Options.Sequential instead of on every
	// worker.
	Sequential bool
	// FPS are the bounds, in frames a second; nil means 30 and 60 (with
	// drawing) or 60 (update only).
	FPS []int
	// Variants are the variants measured; nil means the thesis's four
	// (with drawing) or all five (update only).
	Variants []Variant
}

func (o *BenchOptions) defaults(fps []int, variants []Variant) error {
	if o.Max < 2 || o.Frames < 1 {
		return fmt.Errorf("swarm: bench needs Max ≥ 2 and Frames ≥ 1, got %d and %d", o.Max, o.Frames)
	}
	if o.Rounds == 0 {
		o.Rounds = 5
	}
	if o.FPS == nil {
		o.FPS = fps
	}
	if o.Variants == nil {
		o.Variants = variants
	}
	return nil
}

// ThesisVariants are the thesis's four variants: M, M+A, M+C, M+A+C.
var ThesisVariants = []Variant{Movement, AvoidVariant, ColourVariant, AvoidColour}

// impl is one implementation the benchmark runs.
type impl struct {
	name string
	cfg  Config
}

// impls returns the implementations measured: glue, the thesis's EC and
// the hand-written loop, and with glue1 also glue on one worker.
func impls(opts BenchOptions, v Variant, headless, glue1 bool) []impl {
	cfg := Config{Seed: opts.Seed, Scene: Scene{Variant: v}, Headless: headless, Sequential: opts.Sequential, Scale: 1}
	glueName := fmt.Sprintf("glue (%d workers)", runtime.GOMAXPROCS(0))
	if opts.Sequential {
		glueName = "glue (sequential)"
	}
	out := []impl{{glueName, cfg}}
	if glue1 && !opts.Sequential {
		one := cfg
		one.Workers = 1
		out = append(out, impl{"glue (1 worker)", one})
	}
	ec, loop := cfg, cfg
	ec.Model, loop.Model = ECModel, LoopModel
	return append(out, impl{"EC (thesis)", ec}, impl{"loop (hand-written)", loop})
}

// framer runs frames of one implementation's app.
type framer interface {
	// frames sets the app's fish to n, runs the frames that spawn or
	// despawn and settle untimed, then times len(ts) frames into ts.
	frames(n int, ts []time.Duration) error
	close()
}

// Estimate is an implementation's count at a bound: the median of the
// rounds' estimates, the smallest and the largest, and whether the
// search reached Max (then the estimates extrapolate beyond it).
type Estimate struct {
	Median, Lo, Hi float64
	Capped         bool
}

// String formats e as "12,345 (11,000–13,000)", "≥ " before if capped.
func (e Estimate) String() string {
	s := fmt.Sprintf("%s (%s–%s)", thousands(e.Median), thousands(e.Lo), thousands(e.Hi))
	if e.Capped {
		s = "≥ " + s
	}
	return s
}

// Ratio is a ratio of two implementations' estimates taken within each
// round: its median, smallest and largest.
type Ratio struct {
	Median, Lo, Hi float64
	Capped         bool
}

// String formats r as "1.23× (1.10–1.31)".
func (r Ratio) String() string {
	s := fmt.Sprintf("%.2f× (%.2f–%.2f)", r.Median, r.Lo, r.Hi)
	if r.Capped {
		s += " (capped)"
	}
	return s
}

// spread returns the median, smallest and largest of xs (sorted in place).
func spread(xs []float64) (med, lo, hi float64) {
	if len(xs) == 0 {
		return 0, 0, 0
	}
	slices.Sort(xs)
	m := xs[len(xs)/2]
	if len(xs)%2 == 0 {
		m = (xs[len(xs)/2-1] + xs[len(xs)/2]) / 2
	}
	return m, xs[0], xs[len(xs)-1]
}

// BenchTable is one bound's results: per variant, per implementation.
type BenchTable struct {
	FPS   int
	Names []string
	Rows  []BenchTableRow
}

// BenchTableRow is one variant's estimates, in the order of the table's
// names, and the ratios of the first (glue) to each of the others.
type BenchTableRow struct {
	Variant   Variant
	Estimates []Estimate
	Ratios    []Ratio // glue over Names[1:]
}

// measure runs the search and the rounds for one variant and bound over
// the framers fs.
func measure(fs []framer, budget time.Duration, start int, opts BenchOptions) ([]Estimate, []Ratio, []int, error) {
	ts := make([]time.Duration, opts.Frames)
	ns := make([]int, len(fs))
	capped := make([]bool, len(fs))
	for i, f := range fs {
		r, err := search(opts, start, func(n int) (bool, error) {
			if err := f.frames(n, ts); err != nil {
				return false, err
			}
			return median(ts) <= budget, nil
		})
		if err != nil {
			return nil, nil, nil, err
		}
		ns[i], capped[i] = max(r.Fish, min(1024, opts.Max)), r.Capped
	}
	est := make([][]float64, len(fs))
	ratios := make([][]float64, len(fs)-1)
	round := make([]float64, len(fs))
	for r := range opts.Rounds {
		for k := range fs {
			i := (r + k) % len(fs)
			if err := fs[i].frames(ns[i], ts); err != nil {
				return nil, nil, nil, err
			}
			round[i] = float64(ns[i]) * float64(budget) / float64(max(median(ts), 1))
			est[i] = append(est[i], round[i])
		}
		for i := 1; i < len(fs); i++ {
			ratios[i-1] = append(ratios[i-1], round[0]/round[i])
		}
	}
	es := make([]Estimate, len(fs))
	for i := range fs {
		m, lo, hi := spread(est[i])
		es[i] = Estimate{m, lo, hi, capped[i]}
	}
	rs := make([]Ratio, len(fs)-1)
	for i := range rs {
		m, lo, hi := spread(ratios[i])
		rs[i] = Ratio{m, lo, hi, capped[0] || capped[i+1]}
	}
	return es, rs, ns, nil
}

// runTables measures every bound and variant of opts, opening one framer
// per implementation and variant with open.
func runTables(opts BenchOptions, headless, glue1 bool, open func(impl) framer) ([]BenchTable, error) {
	var tables []BenchTable
	starts := map[[2]int]int{} // (variant, implementation) → a count that fit a tighter bound
	fpss := slices.Clone(opts.FPS)
	slices.Sort(fpss)
	slices.Reverse(fpss) // tightest bound first: its counts start the looser searches
	for _, fps := range fpss {
		t := BenchTable{FPS: fps}
		for _, v := range opts.Variants {
			is := impls(opts, v, headless, glue1)
			if t.Names == nil {
				for _, im := range is {
					t.Names = append(t.Names, im.name)
				}
			}
			fmt.Fprintf(os.Stderr, "swarm: bench, %s within 1/%d s (load %.1f)\n", v, fps, loadAvg())
			fs := make([]framer, len(is))
			for i, im := range is {
				fs[i] = open(im)
			}
			start := starts[[2]int{int(v), 0}]
			es, rs, ns, err := measure(fs, time.Second/time.Duration(fps), start, opts)
			for _, f := range fs {
				f.close()
			}
			if err != nil {
				return nil, err
			}
			starts[[2]int{int(v), 0}] = slices.Min(ns)
			t.Rows = append(t.Rows, BenchTableRow{Variant: v, Estimates: es, Ratios: rs})
		}
		tables = append([]BenchTable{t}, tables...)
	}
	return tables, nil
}

// writeTables notes the load after the run in env and writes every table.
func writeTables(w io.Writer, tables []BenchTable, what string, env *Machine) {
	env.LoadAft = loadAvg()
	for i, t := range tables {
		if i > 0 {
			fmt.Fprintln(w)
		}
		WriteBenchTable(w, t, what, *env)
	}
}

// WriteBenchTable writes t as a Markdown table and the goals' verdicts.
func WriteBenchTable(w io.Writer, t BenchTable, what string, env Machine) {
	fmt.Fprintf(w, "%s, most fish (and one predator) within 1/%d s:\n\n", what, t.FPS)
	fmt.Fprintf(w, "| variant | %s |", strings.Join(t.Names, " | "))
	for _, n := range t.Names[1:] {
		fmt.Fprintf(w, " glue / %s |", strings.Fields(n)[0]+suffix(n))
	}
	fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("---:|", 2*len(t.Names)-1))
	for _, r := range t.Rows {
		fmt.Fprintf(w, "| %s |", thesisName(r.Variant))
		for _, e := range r.Estimates {
			fmt.Fprintf(w, " %s |", e)
		}
		for _, q := range r.Ratios {
			fmt.Fprintf(w, " %s |", q)
		}
		fmt.Fprintln(w)
	}
	if what != "with drawing" || t.FPS != 30 {
		return
	}
	for i, n := range t.Names[1:] {
		goal, name := 0.0, ""
		switch {
		case strings.HasPrefix(n, "EC"):
			goal, name = 2, "the EC's"
		case strings.HasPrefix(n, "loop"):
			goal, name = 1, "the loop's"
		default:
			continue
		}
		low := 1e9
		for _, r := range t.Rows {
			low = min(low, r.Ratios[i].Median)
		}
		fmt.Fprintf(w, "\nGoal: glue keeps ≥ %g× %s fish at 30 FPS in every variant: lowest median %.2f×, %s.\n",
			goal, name, low, env.Verdict(low >= goal))
	}
}

// suffix tells apart two implementations whose first word is the same.
func suffix(name string) string {
	if strings.HasPrefix(name, "glue (1") {
		return "-1"
	}
	return ""
}

// thesisName returns the thesis's name of a variant, with ours.
func thesisName(v Variant) string {
	switch v {
	case Movement:
		return "M (movement)"
	case AvoidVariant:
		return "M+A (avoid)"
	case ColourVariant:
		return "M+C (colour)"
	case AvoidColour:
		return "M+A+C (avoid-colour)"
	}
	return v.String()
}

// thousands formats x rounded, with commas.
func thousands(x float64) string {
	s := fmt.Sprint(int64(x + 0.5))
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Machine is what the benchmark ran on: the CPU model, the cores and the
// load average (one minute) before and after.
type Machine struct {
	CPU                 string
	Cores               int
	LoadBefore, LoadAft float64
}

// ReadMachine returns the CPU model, the cores and the load average now
// (Linux; elsewhere the fields it cannot read stay empty).
func ReadMachine() Machine {
	m := Machine{CPU: "unknown CPU", Cores: runtime.NumCPU(), LoadBefore: loadAvg()}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	return m
}

// loadAvg returns the one-minute load average, or -1.
func loadAvg() float64 {
	var l float64
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	if _, err := fmt.Sscan(string(b), &l); err != nil {
		return -1
	}
	return l
}

// Quiet reports whether nothing but the benchmark loaded the machine:
// the load average within the cores before, and within the cores plus
// one after (the benchmark itself keeps every core busy, and with
// drawing Xvfb's software renderer adds threads of its own: a run on an
// otherwise idle 2-core machine ends near load 2.2).
func (m Machine) Quiet() bool {
	return m.LoadBefore >= 0 && m.LoadBefore <= float64(m.Cores) && m.LoadAft <= float64(m.Cores)+1
}

// Verdict says "met" or "missed", and on a loaded machine that the run
// does not decide a goal.
func (m Machine) Verdict(met bool) string {
	v := "missed"
	if met {
		v = "met"
	}
	if !m.Quiet() {
		v += fmt.Sprintf(" at load %.1f–%.1f (to be re-measured quiet)", m.LoadBefore, m.LoadAft)
	}
	return v
}

// String names the machine and the load.
func (m Machine) String() string {
	return fmt.Sprintf("%s, %d cores, load average %.2f before, %.2f after; %s, GOMAXPROCS %d, %s/%s",
		m.CPU, m.Cores, m.LoadBefore, m.LoadAft, runtime.Version(), runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH)
}

// headlessFramer times update-only ticks of a headless app.
type headlessFramer struct {
	app *glue.App
	cfg Config
}

func (h *headlessFramer) frames(n int, ts []time.Duration) error {
	glue.Resource[Scene](h.app).Fish = n
	for range 2 { // the tick that spawns or despawns, and one to settle
		if err := h.app.Update(); err != nil {
			return fmt.Errorf("swarm: bench, %s %s with %d fish: %w", h.cfg.Model, h.cfg.Scene.Variant, n, err)
		}
	}
	runtime.GC()
	for i := range ts {
		t0 := time.Now()
		if err := h.app.Update(); err != nil {
			return fmt.Errorf("swarm: bench, %s %s with %d fish: %w", h.cfg.Model, h.cfg.Scene.Variant, n, err)
		}
		ts[i] = time.Since(t0)
	}
	return nil
}

func (h *headlessFramer) close() { h.app.Close() }

// RunBench measures update-only ticks, headless (no drawing), with the
// method above, for glue on every worker and on one, the EC and the loop,
// and for the flocking variant the speedup of glue's tick on every
// worker over one. It writes the tables to w.
func RunBench(w io.Writer, opts BenchOptions) error {
	if err := opts.defaults([]int{60}, Variants); err != nil {
		return err
	}
	start := time.Now()
	env := ReadMachine()
	tables, err := runTables(opts, true, true, func(im impl) framer {
		return &headlessFramer{app: NewApp(im.cfg), cfg: im.cfg}
	})
	if err != nil {
		return err
	}
	writeTables(w, tables, "update only (no drawing)", &env)
	if slices.Contains(opts.Variants, FlockVariant) && !opts.Sequential && runtime.GOMAXPROCS(0) > 1 {
		n := 0
		for _, r := range tables[0].Rows {
			if r.Variant == FlockVariant {
				n = int(r.Estimates[1].Median) // glue on one worker
			}
		}
		n = max(min(n, opts.Max), 2)
		s, err := speedup(Config{Seed: opts.Seed, Scene: Scene{Variant: FlockVariant, Fish: n}, Headless: true}, opts)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "\nGoal: flocking's tick ≥ 1.8× faster on %d workers than on 1 (%d fish; %d rounds of %d ticks each, interleaved): %s, %s.\n",
			runtime.GOMAXPROCS(0), n, opts.Rounds, opts.Frames, s, env.Verdict(s.Median >= 1.8))
	}
	fmt.Fprintf(w, "\n%s; median of %d ticks per count, %d interleaved rounds; took %s\n",
		env, opts.Frames, opts.Rounds, time.Since(start).Round(time.Second))
	return nil
}

// speedupWarmup is the ticks speedup runs before timing: the spawn, and
// the runs in which the scheduler measures the systems and learns which
// to split (as BenchmarkTick's 30).
const speedupWarmup = 30

// speedup times cfg's tick (cfg.Scene.Fish fish) on one worker and on
// every worker in interleaved rounds, and returns the ratio (one
// worker's median tick over every worker's) within each round.
func speedup(cfg Config, opts BenchOptions) (Ratio, error) {
	one := cfg
	one.Workers = 1
	apps := []*glue.App{NewApp(one), NewApp(cfg)}
	defer apps[0].Close()
	defer apps[1].Close()
	fail := func(err error) (Ratio, error) {
		return Ratio{}, fmt.Errorf("swarm: bench, %s speedup with %d fish: %w", cfg.Scene.Variant, cfg.Scene.Fish, err)
	}
	for range speedupWarmup { // spawn, then let the scheduler learn what pays
		for _, app := range apps {
			if err := app.Update(); err != nil {
				return fail(err)
			}
		}
	}
	ts := [2][]time.Duration{make([]time.Duration, opts.Frames), make([]time.Duration, opts.Frames)}
	var rs []float64
	for r := range opts.Rounds {
		for k := range apps {
			i := (r + k) % 2
			for j := range ts[i] {
				t0 := time.Now()
				if err := apps[i].Update(); err != nil {
					return fail(err)
				}
				ts[i][j] = time.Since(t0)
			}
		}
		rs = append(rs, float64(median(ts[0]))/float64(max(median(ts[1]), 1)))
	}
	m, lo, hi := spread(rs)
	return Ratio{Median: m, Lo: lo, Hi: hi}, nil
}

// median sorts ds and returns its middle element.
func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// BenchResult is the count a search found, and whether that is only the
// bound tried (Max).
type BenchResult struct {
	Fish   int
	Capped bool
}

// search finds the largest count up to opts.Max that fits: counts double
// from start (1,024 if 0) until one does not fit — or, if start does not
// fit, halve until one does or 1,024 does not — then bisect to within
// 10%.
func search(opts BenchOptions, start int, fits func(n int) (bool, error)) (BenchResult, error) {
	if start <= 0 {
		start = 1024
	}
	lo, hi := 0, 0
	for n := min(start, opts.Max); ; {
		ok, err := fits(n)
		if err != nil {
			return BenchResult{}, err
		}
		if ok {
			lo = n
			if n == opts.Max {
				return BenchResult{Fish: n, Capped: true}, nil
			}
			if hi != 0 {
				break
			}
			n = min(2*n, opts.Max)
			continue
		}
		hi = n
		if lo != 0 || n <= min(1024, opts.Max) {
			break
		}
		n /= 2
	}
	for hi-lo > max(lo/10, 1) {
		mid := lo + (hi-lo)/2
		ok, err := fits(mid)
		if err != nil {
			return BenchResult{}, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	return BenchResult{Fish: lo}, nil
}
