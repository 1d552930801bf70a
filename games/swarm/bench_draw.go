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

// drawFrames is the number of frames run at a new count before timing:
// the tick that spawns or despawns, one to settle, one for the atlas.
const drawFrames = 3

// RunDrawBench is the thesis's measure, with drawing: for each of its
// variants, each bound (30 and 60 FPS) and each implementation (glue,
// the EC, the loop) it estimates the most fish whose frames stay within
// the bound, with the method described in bench.go, in a window (under
// Xvfb without a display). A frame's time is the time spent in its tick
// (the app's Update) plus the time spent in its drawing (the app's draw
// stages: the draw systems walk the fish and hand Ebitengine their
// sprites, which Ebitengine batches into vertex buffers). It does not
// include the GPU's rasterizing, which is the same for every
// implementation, nor Ebitengine's pacing: without a window manager, as
// under Xvfb, the window is never focused, and Ebitengine then paces an
// unfocused window to 60 frames a second by sleeping, whatever the frame
// cost. The implementations' apps are open side by side in the one
// window, and the rounds alternate between them frame batch by frame
// batch.
//
// It opens a window and must be called from the main goroutine, like
// ebiten.RunGame.
func RunDrawBench(w io.Writer, opts BenchOptions) error {
	if err := opts.defaults([]int{30, 60}, ThesisVariants); err != nil {
		return err
	}
	start := time.Now()
	env := ReadMachine()
	b := &drawBench{reqs: make(chan drawReq)}
	var tables []BenchTable
	var searchErr error
	go func() {
		defer close(b.reqs)
		tables, searchErr = runTables(opts, false, false, func(im impl) framer {
			return &drawFramer{b: b, slot: &drawSlot{cfg: im.cfg}}
		})
	}()
	ebiten.SetWindowTitle("Swarm benchmark (glue demo)")
	ebiten.SetWindowSize(ScreenW, ScreenH)
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	err := ebiten.RunGame(b)
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
	writeTables(w, tables, "with drawing", &env)
	fmt.Fprintf(w, "\n%s; median of %d frames per count, %d interleaved rounds; took %s\n",
		env, opts.Frames, opts.Rounds, time.Since(start).Round(time.Second))
	return nil
}

// drawSlot is one implementation's app in the window, made on its first
// request (in the window's loop) and closed by a request.
type drawSlot struct {
	cfg  Config
	app  *glue.App
	game *render.Game
}

// newBenchApp returns the app of one implementation in the draw
// benchmark's window. No player is at that window: the app runs on when
// another window takes the focus (a game pauses then, and the search
// waited for the focus to come back: a test's window opening beside it
// under Xvfb hung the benchmark).
func newBenchApp(cfg Config) *glue.App {
	app := NewApp(cfg)
	glue.Resource[render.Window](app).RunUnfocused = true
	return app
}

// drawFramer is a framer whose frames run in the window's loop.
type drawFramer struct {
	b    *drawBench
	slot *drawSlot
}

func (f *drawFramer) frames(n int, ts []time.Duration) error {
	reply := make(chan error)
	f.b.reqs <- drawReq{slot: f.slot, fish: n, times: ts, reply: reply}
	return <-reply
}

func (f *drawFramer) close() {
	reply := make(chan error)
	f.b.reqs <- drawReq{slot: f.slot, close: true, reply: reply}
	<-reply
}

// drawReq asks the window's loop to time len(times) frames of slot's app
// with fish fish, or to close it.
type drawReq struct {
	slot  *drawSlot
	fish  int
	times []time.Duration
	close bool
	reply chan error
}

// drawBench is the ebiten.Game of RunDrawBench: it serves the requests
// one at a time, each by running frames of a glue app.
type drawBench struct {
	reqs  chan drawReq
	cur   *drawReq // the request being timed, or nil
	n     int      // frames run for cur
	spent time.Duration
	err   error
	done  bool // the search has ended
}

// Update times the frame that ended, then runs the next tick, or starts
// the next request, or ends the game when the search is done.
func (b *drawBench) Update() error {
	now := time.Now()
	if b.err != nil {
		return b.err
	}
	if b.cur == nil {
		select {
		case r, ok := <-b.reqs:
			if !ok {
				b.done = true
				return ebiten.Termination
			}
			if r.close {
				if r.slot.app != nil {
					r.slot.app.Close()
					r.slot.app, r.slot.game = nil, nil
				}
				r.reply <- nil
				return nil
			}
			if r.slot.app == nil {
				r.slot.app = newBenchApp(r.slot.cfg)
				r.slot.game = render.NewGame(r.slot.app)
			}
			glue.Resource[Scene](r.slot.app).Fish = r.fish
			b.cur, b.n = &r, 0
			runtime.GC()
		default:
			return nil
		}
	}
	if b.n > drawFrames {
		b.cur.times[b.n-drawFrames-1] = b.spent
	}
	if b.n == drawFrames+len(b.cur.times) {
		b.cur.reply <- nil
		b.cur = nil
		return nil
	}
	b.n++
	err := b.cur.slot.game.Update()
	b.spent = time.Since(now)
	if err != nil {
		s := b.cur.slot
		b.err = fmt.Errorf("swarm: bench, %s %s with %d fish: %w", s.cfg.Model, s.cfg.Scene.Variant, b.cur.fish, err)
		b.cur.reply <- b.err
		b.cur = nil
		return b.err
	}
	return nil
}

// Draw draws the frame of the request being timed.
func (b *drawBench) Draw(screen *ebiten.Image) {
	if b.cur == nil {
		return
	}
	t0 := time.Now()
	b.cur.slot.game.Draw(screen)
	b.spent += time.Since(t0)
	if err := b.cur.slot.game.Err(); err != nil && b.err == nil {
		s := b.cur.slot
		b.err = fmt.Errorf("swarm: bench, %s %s with %d fish: %w", s.cfg.Model, s.cfg.Scene.Variant, b.cur.fish, err)
	}
}

// Layout returns the scene's size at scale 1.
func (b *drawBench) Layout(int, int) (int, int) { return ScreenW, ScreenH }
