package main

import (
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"
)

// results holds every measurement, by benchmark name (without the
// GOMAXPROCS suffix) and unit as go test printed it (ns/op,
// ns/entity-tick, allocs/op, ...).
type results struct {
	values map[string]map[string][]float64
	order  []string // names in the order first seen
}

// summary is a median and its 95% confidence interval.
type summary struct {
	center, lo, hi float64
	n              int
}

// pct returns the half-width of the confidence interval as a percentage
// of the median, like benchstat's "± x%".
func (s summary) pct() string {
	if s.n < 2 || s.center == 0 || math.IsInf(s.lo, 0) || math.IsInf(s.hi, 0) {
		return "–"
	}
	return fmt.Sprintf("±%.0f%%", 100*math.Max(s.hi/s.center-1, 1-s.lo/s.center))
}

var procsSuffix = regexp.MustCompile(`-\d+$`)

// parse reads go test benchmark output with benchfmt.
func parse(r io.Reader, name string) (*results, error) {
	res := &results{values: map[string]map[string][]float64{}}
	rd := benchfmt.NewReader(r, name)
	for rd.Scan() {
		rec, ok := rd.Result().(*benchfmt.Result)
		if !ok {
			continue // syntax errors are non-benchmark lines: skip them
		}
		// benchfmt drops the "Benchmark" prefix; names here keep it,
		// as go test prints them.
		n := "Benchmark" + procsSuffix.ReplaceAllString(rec.Name.String(), "")
		units := res.values[n]
		if units == nil {
			units = map[string][]float64{}
			res.values[n] = units
			res.order = append(res.order, n)
		}
		for _, v := range rec.Values {
			unit, val := v.Unit, v.Value
			if v.OrigUnit != "" {
				unit, val = v.OrigUnit, v.OrigValue
			}
			units[unit] = append(units[unit], val)
		}
	}
	return res, rd.Err()
}

// get summarises one benchmark's values in one unit.
func (r *results) get(name, unit string) (summary, bool) {
	vs := r.values[name][unit]
	if len(vs) == 0 {
		return summary{}, false
	}
	s := benchmath.AssumeNothing.Summary(benchmath.NewSample(slices.Clone(vs), &benchmath.DefaultThresholds), 0.95)
	return summary{center: s.Center, lo: s.Lo, hi: s.Hi, n: len(vs)}, true
}

// median returns the median of one benchmark's values, or NaN.
func (r *results) median(name, unit string) float64 {
	s, ok := r.get(name, unit)
	if !ok {
		return math.NaN()
	}
	return s.center
}
