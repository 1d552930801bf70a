package main

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"github.com/gluekit/glue"
)

// BenchOptions tune [RunBench].
type BenchOptions struct {
	Seed uint64
	// Max is the largest fish count tried; a model that keeps up with it
	// is reported as "≥ Max".
	Max int
	// Ticks is the number of ticks timed at each count; their median
	// decides.
	Ticks int
	// Sequential runs the first glue column with Options.Sequential
	// instead of on every worker.
	Sequential bool
	// Frame is the time a tick may take. The default (zero) is 1/60 s.
	Frame time.Duration
}

// BenchRow is one variant's result: the most fish each implementation
// kept under one frame per tick.
type BenchRow struct {
	Variant Variant
	Glue    BenchResult // glue on every worker
	Glue1   BenchResult // glue on one worker
	Objects BenchResult // the object model
	// Speedup is, for the flocking variant on more than one worker, how
	// many times faster glue's tick is on every worker than on one, with
	// the fish one worker keeps (SpeedupFish); 0 elsewhere.
	Speedup     float64
	SpeedupFish int
}

// BenchResult is the most fish an implementation kept under a frame per
// tick, and whether that is only the bound tried (Max).
type BenchResult struct {
	Fish   int
	Capped bool
}

// String returns the count, with "≥ " if capped.
func (r BenchResult) String() string {
	if r.Capped {
		return fmt.Sprintf("≥ %d", r.Fish)
	}
	return fmt.Sprint(r.Fish)
}

// RunBench finds, for each variant and implementation, the most fish for
// which the median of opts.Ticks update-only ticks (headless: no drawing)
// stays within a frame (1/60 s): counts double from 1,024 until a tick
// is too slow, then bisect to within 10%. It writes the table to w.
func RunBench(w io.Writer, opts BenchOptions) error {
	if opts.Frame == 0 {
		opts.Frame = time.Second / 60
	}
	if opts.Max < 2 || opts.Ticks < 1 {
		return fmt.Errorf("swarm: bench needs Max ≥ 2 and Ticks ≥ 1, got %d and %d", opts.Max, opts.Ticks)
	}
	start := time.Now()
	var rows []BenchRow
	for _, v := range Variants {
		row := BenchRow{Variant: v}
		var err error
		if row.Glue, err = maxFish(Config{Seed: opts.Seed, Scene: Scene{Variant: v}, Model: ECS, Headless: true, Sequential: opts.Sequential}, opts); err != nil {
			return err
		}
		if row.Glue1, err = maxFish(Config{Seed: opts.Seed, Scene: Scene{Variant: v}, Model: ECS, Headless: true, Workers: 1}, opts); err != nil {
			return err
		}
		if row.Objects, err = maxFish(Config{Seed: opts.Seed, Scene: Scene{Variant: v}, Model: ObjectModel, Headless: true}, opts); err != nil {
			return err
		}
		if v.Flocks() && !opts.Sequential && runtime.GOMAXPROCS(0) > 1 && row.Glue1.Fish > 0 {
			row.SpeedupFish = row.Glue1.Fish
			if row.Speedup, err = speedup(Config{Seed: opts.Seed, Scene: Scene{Variant: v, Fish: row.SpeedupFish}, Model: ECS, Headless: true}, opts); err != nil {
				return err
			}
		}
		rows = append(rows, row)
	}
	WriteBenchTable(w, rows, opts)
	fmt.Fprintf(w, "\n%s, GOMAXPROCS %d, %s/%s; median of %d ticks per count; took %s\n",
		runtime.Version(), runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH, opts.Ticks, time.Since(start).Round(time.Second))
	return nil
}

// WriteBenchTable writes rows as a Markdown table.
func WriteBenchTable(w io.Writer, rows []BenchRow, opts BenchOptions) {
	fps := int(time.Second / opts.Frame)
	first := fmt.Sprintf("%d workers", runtime.GOMAXPROCS(0))
	if opts.Sequential {
		first = "sequential"
	}
	fmt.Fprintf(w, "| variant | glue (%s) | glue (1 worker) | object model | glue / objects | glue %s / 1 |\n", first, first)
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|")
	for _, r := range rows {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s |\n", r.Variant, r.Glue, r.Glue1, r.Objects, ratio(r.Glue, r.Objects), ratio(r.Glue, r.Glue1))
	}
	fmt.Fprintf(w, "\nmost fish (and one predator) with an update-only tick within 1/%d s\n", fps)
	for _, r := range rows {
		switch r.Variant {
		case AvoidColour:
			fmt.Fprintf(w, "\nGoal: glue keeps ≥ 1.5x the object model's fish (avoid-colour, update only): %s, %s.\n",
				ratio(r.Glue, r.Objects), verdict(r.Glue, r.Objects, 1.5))
		}
		if r.Speedup > 0 {
			met := "missed"
			if r.Speedup >= 1.8 {
				met = "met"
			}
			fmt.Fprintf(w, "\nGoal: flocking's tick ≥ 1.8x faster on %d workers than on 1 (%d fish, the most one worker keeps; median of %d ticks each): %.2fx, %s.\n",
				runtime.GOMAXPROCS(0), r.SpeedupFish, opts.Ticks, r.Speedup, met)
		}
	}
}

// verdict says whether a kept at least goal times b's fish. A capped
// count is a bound: a ≥ Max with b below it is a lower bound of the
// ratio, a below Max with b ≥ Max an upper one, and only the ratio of two
// capped counts decides nothing.
func verdict(a, b BenchResult, goal float64) string {
	r := float64(a.Fish) / float64(max(b.Fish, 1))
	switch {
	case a.Capped && b.Capped:
		return "not decided (both counts reached -bench-max)"
	case b.Fish == 0:
		if a.Fish > 0 {
			return "met"
		}
		return "missed"
	case r >= goal && !b.Capped:
		return "met"
	case r < goal && !a.Capped:
		if b.Capped {
			return "missed (the object model reached -bench-max: the ratio is at most this)"
		}
		return "missed"
	}
	return "not decided (a count reached -bench-max)"
}

// speedupWarmup is the ticks speedup runs before timing: the spawn, and
// the runs in which the scheduler measures the systems and learns which
// to split (as BenchmarkTick's 30).
const speedupWarmup = 30

// speedup times cfg's tick (cfg.Scene.Fish fish) on one worker and on
// every worker, interleaved so that both see the machine alike, and
// returns the ratio of the medians (one worker's over every worker's).
func speedup(cfg Config, opts BenchOptions) (float64, error) {
	one := cfg
	one.Workers = 1
	apps := []*glue.App{NewApp(one), NewApp(cfg)}
	defer apps[0].Close()
	defer apps[1].Close()
	times := [2][]time.Duration{make([]time.Duration, 0, opts.Ticks), make([]time.Duration, 0, opts.Ticks)}
	for range speedupWarmup { // spawn, then let the scheduler learn what pays
		for _, app := range apps {
			if err := app.Update(); err != nil {
				return 0, fmt.Errorf("swarm: bench, %s speedup with %d fish: %w", cfg.Scene.Variant, cfg.Scene.Fish, err)
			}
		}
	}
	for range opts.Ticks {
		for i, app := range apps {
			t0 := time.Now()
			if err := app.Update(); err != nil {
				return 0, fmt.Errorf("swarm: bench, %s speedup with %d fish: %w", cfg.Scene.Variant, cfg.Scene.Fish, err)
			}
			times[i] = append(times[i], time.Since(t0))
		}
	}
	return float64(median(times[0])) / float64(max(median(times[1]), 1)), nil
}

// ratio returns a's count over b's as "1.23x", marked if either is
// capped, or "–" if b kept none.
func ratio(a, b BenchResult) string {
	if b.Fish == 0 {
		return "–"
	}
	s := fmt.Sprintf("%.2fx", float64(a.Fish)/float64(b.Fish))
	if a.Capped || b.Capped {
		s += " (capped)"
	}
	return s
}

// maxFish finds the most fish cfg's app keeps within opts.Frame per tick.
// One app grows and shrinks: the fish the Populate step adds or removes
// are not timed.
func maxFish(cfg Config, opts BenchOptions) (BenchResult, error) {
	app := NewApp(cfg)
	defer app.Close()
	scene := glue.Resource[Scene](app)
	times := make([]time.Duration, opts.Ticks)
	return search(opts, func(n int) (bool, error) {
		scene.Fish = n
		// The tick that spawns or despawns, and one to settle.
		for range 2 {
			if err := app.Update(); err != nil {
				return false, fmt.Errorf("swarm: bench, %s %s with %d fish: %w", cfg.Model, cfg.Scene.Variant, n, err)
			}
		}
		runtime.GC()
		for i := range times {
			t0 := time.Now()
			if err := app.Update(); err != nil {
				return false, fmt.Errorf("swarm: bench, %s %s with %d fish: %w", cfg.Model, cfg.Scene.Variant, n, err)
			}
			times[i] = time.Since(t0)
		}
		return median(times) <= opts.Frame, nil
	})
}

// median sorts ds and returns its middle element.
func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// search finds the largest count up to opts.Max that fits: counts double
// from 1,024 until one does not fit, then bisect to within 10%.
func search(opts BenchOptions, fits func(n int) (bool, error)) (BenchResult, error) {
	lo, hi := 0, 0
	for n := min(1024, opts.Max); ; n = min(2*n, opts.Max) {
		ok, err := fits(n)
		if err != nil {
			return BenchResult{}, err
		}
		if !ok {
			hi = n
			break
		}
		lo = n
		if n == opts.Max {
			return BenchResult{Fish: n, Capped: true}, nil
		}
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
