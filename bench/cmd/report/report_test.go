package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sample = `goos: linux
goarch: amd64
pkg: github.com/gluekit/glue/bench
cpu: AMD EPYC
BenchmarkTable41/object/1000-2    20   4000000 ns/op   4.000 ns/entity-tick   0 B/op   0 allocs/op
BenchmarkTable41/slices/1000-2    20   3000000 ns/op   3.000 ns/entity-tick   0 B/op   0 allocs/op
BenchmarkTable41/glue-seq/1000-2  20   9000000 ns/op   9.000 ns/entity-tick   0 B/op   0 allocs/op
BenchmarkTable41/glue-seq/1000-2  20  10000000 ns/op  10.000 ns/entity-tick   0 B/op   3000 allocs/op
some line that is not a benchmark
BenchmarkEmptySystem/global-seq-2  1000  2300 ns/op  23.00 ns/system  0 B/op  0 allocs/op
`

func TestParse(t *testing.T) {
	r, err := parse(strings.NewReader(sample), "sample")
	if err != nil {
		t.Fatal(err)
	}
	s, ok := r.get("BenchmarkTable41/glue-seq/1000", "ns/entity-tick")
	if !ok || s.n != 2 || s.center != 9.5 {
		t.Fatalf("glue-seq summary %+v, %v; want median 9.5 of 2", s, ok)
	}
	if v := r.median("BenchmarkTable41/object/1000", "ns/op"); v != 4e6 {
		t.Errorf("object ns/op %v, want 4e6", v)
	}
	if v := r.median("BenchmarkEmptySystem/global-seq", "ns/system"); v != 23 {
		t.Errorf("empty system %v, want 23", v)
	}
	if v := r.median("BenchmarkTable41/nothing/1000", "ns/op"); !math.IsNaN(v) {
		t.Errorf("missing benchmark gave %v, want NaN", v)
	}
}

func TestDoc(t *testing.T) {
	r, err := parse(strings.NewReader(sample), "sample")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	writeDoc(&b, r, map[string]string{"date": "today", "count": "2", "cpu": "test CPU"})
	doc := b.String()
	for _, want := range []string{
		"# glue benchmarks",
		"| CPU | test CPU |",
		"| glue-seq | 9.5 ms |", // the median of two runs
		"| 3.17× |",             // glue-seq ÷ slices = 9.5 / 3
		"| allocations per tick, steady state | 0 | Table41/glue-seq/1000: 3 per tick | **missed** |",
		"| empty system, per tick | ≤ 200 ns |",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("doc lacks %q", want)
		}
	}
}

func TestChart(t *testing.T) {
	r, err := parse(strings.NewReader(sample), "sample")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "chart.png")
	if err := writeChart(r, path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Fatal("chart is not a PNG")
	}
}
