package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// DrawBenchRow is one variant's result of [RunDrawBench]: the most fish
// each implementation kept within one frame per tick and drawn frame.
type DrawBenchRow struct {
	Variant Variant
	Glue    BenchResult
	Objects BenchResult
}

// drawFrames is the number of frames run at a new count before timing:
// the tick that spawns or despawns, one to settle, one for the atlas.
const drawFrames = 3

// RunDrawBench is [RunBench] with drawing: for each variant and
// implementation it finds the most fish for which the median of
// opts.Ticks frames stays within opts.Frame, in a window (under Xvfb
// without a display). A frame's time is the time spent in its tick (the
// app's Update) plus the time spent in its drawing (the app's draw
// stages: the draw systems walk the fish and hand Ebitengine their
// sprites, which Ebitengine batches into vertex buffers). It does not
// include the GPU's rasterizing, which is the same for both
// implementations, nor Ebitengine's pacing: without a window manager,
// as under Xvfb, the window is never focused, and Ebitengine then paces
// an unfocused window to 60 frames a second by sleeping, whatever the
// frame cost.
//
// It opens a window and must be called from the main goroutine, like
// ebiten.RunGame; it runs one glue app at a time in it.
func RunDrawBench(w io.Writer, opts BenchOptions) error {
	if opts.Frame == 0 {
		opts.Frame = time.Second / 60
	}
	if opts.Max < 2 || opts.Ticks < 1 {
		return fmt.Errorf("swarm: bench needs Max ≥ 2 and Ticks ≥ 1, got %d and %d", opts.Max, opts.Ticks)
	}
	start := time.Now()
	b := &drawBench{reqs: make(chan drawReq), times: make([]time.Duration, opts.Ticks), frame: opts.Frame}
	rows := make([]DrawBenchRow, len(Variants))
	var searchErr error
	go func() {
		defer close(b.reqs)
		for i, v := range Variants {
			rows[i].Variant = v
			for _, m := range []Model{ECS, ObjectModel} {
				cfg := Config{Seed: opts.Seed, Scene: Scene{Variant: v}, Model: m, Sequential: opts.Sequential, Scale: 1}
				r, err := search(opts, func(n int) (bool, error) {
					reply := make(chan drawReply)
					b.reqs <- drawReq{cfg: cfg, fish: n, reply: reply}
					res := <-reply
					return res.fits, res.err
				})
				if err != nil {
					searchErr = err
					return
				}
				if m == ECS {
					rows[i].Glue = r
				} else {
					rows[i].Objects = r
				}
			}
		}
	}()
	ebiten.SetWindowTitle("Swarm benchmark (glue demo)")
	ebiten.SetWindowSize(ScreenW, ScreenH)
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	err := ebiten.RunGame(b)
	b.closeApp()
	if err == nil {
		err = b.err
	}
	if err == nil {
		err = searchErr
	}
	if err == nil && !b.done {
		err = errors.New("swarm: the benchmark's window was closed before the search ended")
	}
	if err != nil {
		return err
	}
	WriteDrawBenchTable(w, rows, opts)
	fmt.Fprintf(w, "\n%s, GOMAXPROCS %d, %s/%s; median of %d frames per count; took %s\n",
		runtime.Version(), runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH, opts.Ticks, time.Since(start).Round(time.Second))
	return nil
}

// WriteDrawBenchTable writes rows as a Markdown table.
func WriteDrawBenchTable(w io.Writer, rows []DrawBenchRow, opts BenchOptions) {
	first := fmt.Sprintf("%d workers", runtime.GOMAXPROCS(0))
	if opts.Sequential {
		first = "sequential"
	}
	fmt.Fprintf(w, "| variant | glue (%s) | object model | glue / objects |\n", first)
	fmt.Fprintln(w, "|---|---:|---:|---:|")
	for _, r := range rows {
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", r.Variant, r.Glue, r.Objects, ratio(r.Glue, r.Objects))
	}
	fmt.Fprintf(w, "\nmost fish (and one predator) with a tick and a drawn frame within 1/%d s\n", int(time.Second/opts.Frame))
}

// drawReq asks the window's loop to time frames of cfg's scene with fish
// fish.
type drawReq struct {
	cfg   Config
	fish  int
	reply chan drawReply
}

// drawReply answers a drawReq.
type drawReply struct {
	fits bool
	err  error
}

// drawBench is the ebiten.Game of RunDrawBench: it serves the search's
// requests one at a time, each by running frames of a glue app.
type drawBench struct {
	reqs  chan drawReq
	frame time.Duration // the budget

	cur   *drawReq // the request being timed, or nil
	cfg   Config   // the config app was made for
	app   *glue.App
	game  *render.Game
	n     int           // frames run for cur
	spent time.Duration // in the current frame's Update and Draw so far
	times []time.Duration
	err   error
	done  bool // the search has ended
}

// Update times the frame that ended, then runs the next tick, or starts
// the next request, or ends the game when the search is done.
func (b *drawBench) Update() error {
	now := time.Now()
	if b.err != nil {
		if b.cur != nil {
			b.cur.reply <- drawReply{err: b.err}
			b.cur = nil
		}
		return b.err
	}
	if b.cur == nil {
		select {
		case r, ok := <-b.reqs:
			if !ok {
				b.done = true
				return ebiten.Termination
			}
			b.start(r)
		default:
			return nil
		}
	}
	if b.n > drawFrames {
		b.times[b.n-drawFrames-1] = b.spent
	}
	if b.n == drawFrames+len(b.times) {
		b.cur.reply <- drawReply{fits: median(b.times) <= b.frame}
		b.cur = nil
		return nil
	}
	b.n++
	err := b.game.Update()
	b.spent = time.Since(now)
	if err != nil {
		err = fmt.Errorf("swarm: bench, %s %s with %d fish: %w", b.cfg.Model, b.cfg.Scene.Variant, b.cur.fish, err)
		b.cur.reply <- drawReply{err: err}
		b.cur = nil
		b.err = err
		return err
	}
	return nil
}

// start begins timing r: on the app already open if r is for the same
// variant and model, else on a new one.
func (b *drawBench) start(r drawReq) {
	if b.app == nil || b.cfg != r.cfg {
		b.closeApp()
		b.cfg, b.app = r.cfg, NewApp(r.cfg)
		b.game = render.NewGame(b.app)
	}
	glue.Resource[Scene](b.app).Fish = r.fish
	b.cur, b.n = &r, 0
	runtime.GC()
}

// closeApp closes the open app, if any.
func (b *drawBench) closeApp() {
	if b.app != nil {
		b.app.Close()
		b.app, b.game = nil, nil
	}
}

// Draw draws the frame of the request being timed.
func (b *drawBench) Draw(screen *ebiten.Image) {
	if b.cur != nil && b.game != nil {
		t0 := time.Now()
		b.game.Draw(screen)
		b.spent += time.Since(t0)
		if err := b.game.Err(); err != nil && b.err == nil {
			b.err = fmt.Errorf("swarm: bench, %s %s with %d fish: %w", b.cfg.Model, b.cfg.Scene.Variant, b.cur.fish, err)
		}
	}
}

// Layout returns the scene's size at scale 1.
func (b *drawBench) Layout(int, int) (int, int) { return ScreenW, ScreenH }
