package main

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// niceTicks marks 1-2-5 steps on a log axis.
type niceTicks struct{}

func (niceTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for e := math.Floor(math.Log10(lo)) - 1; e <= math.Ceil(math.Log10(hi)); e++ {
		for _, m := range []float64{1, 2, 5} {
			v := m * math.Pow(10, e)
			if v >= lo*0.999 && v <= hi*1.001 {
				ts = append(ts, plot.Tick{Value: v, Label: fmt.Sprint(v)})
			}
		}
	}
	return ts
}

// countTicks labels entity counts as 1k, 10k, 100k.
type countTicks struct{ values []int }

func (c countTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for _, v := range c.values {
		ts = append(ts, plot.Tick{Value: float64(v), Label: countLabel(v)})
	}
	return ts
}

func countLabel(n int) string {
	switch {
	case n >= 1000 && n%1000 == 0:
		return fmt.Sprintf("%dk", n/1000)
	case n >= 1000 && n < 1000000:
		return fmt.Sprintf("%d,%03d", n/1000, n%1000)
	default:
		return fmt.Sprint(n)
	}
}

// styleOrder fixes the colour, dash and marker of each implementation
// across panels (its index picks them).
var styleOrder = []string{"object", "slices", "slices-fn", "glue-seq", "glue-par", "glue-batch-seq", "glue-batch-par", "donburi", "donburi-arch", "ark", "ark-tables", "slices-par"}

// linePlot draws one line per series over entity counts.
func linePlot(title, ylabel string, xs []int, series []string, y func(series string, n int) float64, logY bool) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "entities"
	p.Y.Label.Text = ylabel
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = countTicks{xs}
	if logY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = niceTicks{}
	}
	p.Add(plotter.NewGrid())
	for i, s := range series {
		if k := slices.Index(styleOrder, s); k >= 0 {
			i = k // the same implementation looks the same in every panel
		}
		var xys plotter.XYs
		for _, n := range xs {
			if v := y(s, n); !math.IsNaN(v) && v > 0 {
				xys = append(xys, plotter.XY{X: float64(n), Y: v})
			}
		}
		if len(xys) == 0 {
			continue
		}
		l, pts, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, err
		}
		l.Color, pts.Color = plotutil.Color(i), plotutil.Color(i)
		l.Width = vg.Points(1.5)
		l.Dashes = plotutil.Dashes(i / 7)
		pts.Shape = plotutil.Shape(i)
		p.Add(l, pts)
		p.Legend.Add(s, l, pts)
	}
	// Fix the X range to the sizes, and give an empty plot a Y range, so
	// that a partial run still draws.
	p.X.Min, p.X.Max = float64(xs[0])*0.8, float64(xs[len(xs)-1])*1.25
	if p.Y.Min <= 0 || p.Y.Max <= p.Y.Min {
		p.Y.Min, p.Y.Max = 1, 10
	}
	// Leave the top of each panel to the legend.
	if logY {
		p.Y.Min, p.Y.Max = p.Y.Min*0.8, p.Y.Max*6
	} else {
		p.Y.Min = 0
		p.Y.Max = math.Max(p.Y.Max*1.6, 2.6)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	return p, nil
}

// writeChart draws the Table 4.1 and compute-heavy results and the
// parallel speedups as one PNG of three panels.
func writeChart(r *results, path string) error {
	perTick := func(bench string) func(string, int) float64 {
		return func(impl string, n int) float64 {
			return r.median(fmt.Sprintf("%s/%s/%d", bench, impl, n), "ns/entity-tick")
		}
	}
	t41, err := linePlot("Table 4.1: move, age, bounce (lower is better)", "ns per entity per tick (log)",
		tableSizes, []string{"object", "slices", "slices-fn", "glue-seq", "glue-par", "glue-batch-seq", "glue-batch-par", "donburi", "donburi-arch", "ark", "ark-tables"},
		perTick("BenchmarkTable41"), true)
	if err != nil {
		return err
	}
	heavy, err := linePlot("Compute-heavy: + steer (sin/cos)", "ns per entity per tick (log)",
		tableSizes, computeImpls, perTick("BenchmarkCompute"), true)
	if err != nil {
		return err
	}
	speed, err := linePlot("Two workers vs one (higher is better)", "speedup over glue sequential",
		sweepSizes, []string{"light split", "light default", "heavy split", "heavy default"},
		func(s string, n int) float64 {
			var kind, mode string
			fmt.Sscan(s, &kind, &mode)
			return speedup(r, kind, mode, n)
		}, false)
	if err != nil {
		return err
	}
	one, _ := plotter.NewLine(plotter.XYs{{X: float64(sweepSizes[0]), Y: 1}, {X: float64(sweepSizes[len(sweepSizes)-1]), Y: 1}})
	one.Color = color.Gray{Y: 120}
	one.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	speed.Add(one)

	img := vgimg.NewWith(vgimg.UseWH(vg.Points(1350), vg.Points(480)), vgimg.UseDPI(96))
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: 1, Cols: 3, PadX: vg.Points(20), PadTop: vg.Points(8), PadBottom: vg.Points(8), PadLeft: vg.Points(8), PadRight: vg.Points(8)}
	plots := [][]*plot.Plot{{t41, heavy, speed}}
	for j, c := range plot.Align(plots, tiles, dc)[0] {
		plots[0][j].Draw(c)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// speedup is glue sequential's time over mode's time in the parallel
// sweep, or NaN.
func speedup(r *results, kind, mode string, n int) float64 {
	seq := r.median(fmt.Sprintf("BenchmarkParallel/%s/seq/%d", kind, n), "ns/op")
	par := r.median(fmt.Sprintf("BenchmarkParallel/%s/%s/%d", kind, mode, n), "ns/op")
	return seq / par
}
