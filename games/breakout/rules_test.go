package main

import (
	"math"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/audio"
	"github.com/gluekit/glue/modules/input"
	"github.com/gluekit/glue/modules/physics"
	"github.com/hajimehoshi/ebiten/v2"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

// manual returns a config without autopilot: the ball goes where tests put it.
func manual() Config {
	c := Config{Seed: 1, Settings: DefaultSettings()}
	c.Settings.Autopilot = false
	return c
}

func TestBallBouncesOffWallsMirrored(t *testing.T) {
	for _, tc := range []struct {
		name     string
		pos, vel physics.Vec
		// want: which component flips
		flipX bool
	}{
		{"left wall", physics.Vec{X: 20, Y: 250}, physics.Vec{X: -120, Y: 90}, true},
		{"right wall", physics.Vec{X: 180, Y: 250}, physics.Vec{X: 120, Y: -90}, true},
		{"ceiling", physics.Vec{X: 100, Y: 20}, physics.Vec{X: 60, Y: -140}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, manual())
			h.run(2)
			h.place(tc.pos, tc.vel)
			var got physics.Vec
			h.observe = func(w *world) {
				v := w.ball().Vel
				if got == (physics.Vec{}) && (math.Signbit(v.X) != math.Signbit(tc.vel.X) || math.Signbit(v.Y) != math.Signbit(tc.vel.Y)) {
					got = v
				}
			}
			h.run(90)
			want := tc.vel
			if tc.flipX {
				want.X = -want.X
			} else {
				want.Y = -want.Y
			}
			if !near(got.X, want.X) || !near(got.Y, want.Y) {
				t.Fatalf("after the bounce v = %+v, want %+v (angle out = angle in)", got, want)
			}
		})
	}
}

func TestPaddleAimsByHitOffset(t *testing.T) {
	for _, off := range []float64{-1, -0.5, 0, 0.5, 1} {
		h := newHarness(t, manual())
		h.run(2)
		_, pb := paddleOf(h)
		x := pb.X + off*paddleW/2*0.95
		h.place(physics.Vec{X: x, Y: paddleY - 40}, physics.Vec{X: 0, Y: 150})
		var got physics.Vec
		h.observe = func(w *world) {
			if v := w.ball().Vel; got == (physics.Vec{}) && v.Y < 0 {
				got = v
			}
		}
		h.run(40)
		wantAngle := off * 0.95 * DefaultSettings().MaxAngle
		gotAngle := math.Atan2(got.X, -got.Y) * 180 / math.Pi
		if math.Abs(gotAngle-wantAngle) > 1.5 || got.Y >= 0 {
			t.Errorf("offset %.1f: left the paddle at %.1f° (v=%+v), want %.1f°", off, gotAngle, got, wantAngle)
		}
		if speed := math.Hypot(got.X, got.Y); !near(speed, h.game().Speed) {
			t.Errorf("offset %.1f: speed %.3f, want %.3f", off, speed, h.game().Speed)
		}
	}
}

func paddleOf(h *harness) (Paddle, physics.Vec) {
	var p Paddle
	var pos physics.Vec
	h.observe = func(w *world) { pp, b := w.paddle(); p, pos = *pp, b.Pos }
	h.run(1)
	h.observe = nil
	return p, pos
}

func TestBrickBreaksAndScoresOnce(t *testing.T) {
	h := newHarness(t, manual())
	h.run(2)
	// Straight up into the bottom row's first brick (x 15..35, y 140..150).
	h.place(physics.Vec{X: 25, Y: 200}, physics.Vec{X: 0, Y: -150})
	h.run(60)
	g := h.game()
	if g.Score != 10 || g.Hits != 1 {
		t.Fatalf("score %d hits %d, want 10 and 1", g.Score, g.Hits)
	}
	count := 0
	hit := false
	h.observe = func(w *world) {
		count = 0
		w.bricks.Each(func(_ glue.Entity, b *Brick) {
			count++
			if b.X == 15 && b.Y == 140 {
				hit = true
			}
		})
	}
	h.run(1)
	if count != 35 || hit {
		t.Fatalf("%d bricks left (want 35), hit brick still there: %v", count, hit)
	}
}

func TestLosingTheBallCostsALife(t *testing.T) {
	cfg := manual()
	cfg.Settings.Lives = 2
	h := newHarness(t, cfg)
	h.run(2)
	// Down along the left edge, far from the paddle in the middle.
	h.place(physics.Vec{X: 8, Y: 300}, physics.Vec{X: 0, Y: 200})
	h.run(60)
	if g := h.game(); g.Lives != 1 || h.phase() != Serving {
		t.Fatalf("lives %d phase %v, want 1 serving", g.Lives, h.phase())
	}
	h.place(physics.Vec{X: 8, Y: 300}, physics.Vec{X: 0, Y: 200})
	h.run(60)
	if g := h.game(); g.Lives != 0 || h.phase() != Lost {
		t.Fatalf("lives %d phase %v, want 0 lost", g.Lives, h.phase())
	}
	// R starts a new game.
	h.press(int(ebiten.KeyR))
	if g := h.game(); g.Lives != 2 || h.phase() != Serving || g.Score != 0 {
		t.Fatalf("after restart: %+v", *g)
	}
}

func TestWinWhenAllBricksAreGone(t *testing.T) {
	h := newHarness(t, manual())
	h.run(2)
	h.setup = func(w *world) {
		w.bricks.Each(func(e glue.Entity, _ *Brick) { w.cmds.Despawn(e) })
		w.next.Set(Playing)
	}
	h.run(1)
	h.setup = nil
	h.run(2)
	if h.phase() != Won {
		t.Fatalf("phase %v, want won", h.phase())
	}
}

func TestPauseFreezesTheGame(t *testing.T) {
	h := newHarness(t, manual())
	h.run(2)
	h.place(physics.Vec{X: 100, Y: 250}, physics.Vec{X: 50, Y: 100})
	h.press(int(ebiten.KeyP))
	if h.phase() != Paused {
		t.Fatalf("phase %v, want paused", h.phase())
	}
	var before, after physics.Vec
	h.observe = func(w *world) { before = w.ball().Pos }
	h.run(1)
	h.observe = func(w *world) { after = w.ball().Pos }
	h.run(30)
	if before != after {
		t.Fatalf("ball moved while paused: %+v -> %+v", before, after)
	}
	h.press(int(ebiten.KeyP))
	h.run(5)
	if h.phase() != Playing {
		t.Fatalf("phase %v after resume, want playing", h.phase())
	}
	if h.observe = nil; after == before {
		h.observe = func(w *world) { after = w.ball().Pos }
		h.run(1)
		if after == before {
			t.Fatal("ball does not move after resume")
		}
	}
}

// A pause while the autopilot serves holds its serve delay, and resuming
// (Paused popped off Serving) starts the delay over, as entering Serving
// does.
func TestResumingServingRearmsTheServeDelay(t *testing.T) {
	h := newHarness(t, autopilot(1, nil))
	h.run(10)
	if h.phase() != Serving || h.game().ServeDelay.Elapsed() == 0 {
		t.Fatalf("phase %v, serve delay %v; want serving with the delay running", h.phase(), h.game().ServeDelay.Elapsed())
	}
	h.press(int(ebiten.KeyP))
	held := h.game().ServeDelay.Elapsed()
	h.run(60)
	if h.phase() != Paused || h.game().ServeDelay.Elapsed() != held {
		t.Fatalf("paused: phase %v, serve delay %v then %v; want paused, held", h.phase(), held, h.game().ServeDelay.Elapsed())
	}
	h.press(int(ebiten.KeyP))
	if h.phase() != Serving || h.game().ServeDelay.Elapsed() >= held {
		t.Errorf("resumed: phase %v, serve delay %v; want serving, started over (under %v)", h.phase(), h.game().ServeDelay.Elapsed(), held)
	}
}

func TestKeysMoveThePaddleAndLaunch(t *testing.T) {
	h := newHarness(t, manual())
	h.run(2)
	_, start := paddleOf(h)
	d := inputDevices(h)
	d.Keys[ebiten.KeyArrowLeft] = true
	h.run(20)
	d.Keys[ebiten.KeyArrowLeft] = false
	_, moved := paddleOf(h)
	if want := start.X - 260*20.0/60; moved.X > start.X-20 || moved.X < want-5 {
		t.Fatalf("paddle at %.1f after 20 ticks left from %.1f, want about %.1f", moved.X, start.X, want)
	}
	if h.phase() != Serving {
		t.Fatalf("phase %v, want serving", h.phase())
	}
	h.press(int(ebiten.KeySpace))
	if h.phase() != Playing {
		t.Fatalf("phase %v after Space, want playing", h.phase())
	}
}

// TestAutopilotClearsTheLevel plays whole games: the ball never leaves the
// field and is never inside a brick (no tunnelling), every brick scores
// once, and the level is cleared in bounded time.
func TestAutopilotClearsTheLevel(t *testing.T) {
	seeds := []uint64{1, 2, 3, 4}
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		cfg := Config{Seed: seed, Settings: DefaultSettings()}
		cfg.Settings.Autopilot = true
		h := newHarness(t, cfg)
		h.observe = func(w *world) {
			b := w.ball()
			if b.Pos.X < ballR-0.01 || b.Pos.X > FieldW-ballR+0.01 || b.Pos.Y < ballR-0.01 || b.Pos.Y > FieldH+ballR {
				t.Fatalf("seed %d tick %d: ball left the field at %+v", seed, w.tick, b.Pos)
			}
			w.bricks.Each(func(_ glue.Entity, br *Brick) {
				if b.Pos.X > br.X && b.Pos.X < br.X+br.W && b.Pos.Y > br.Y && b.Pos.Y < br.Y+br.H {
					t.Fatalf("seed %d tick %d: ball centre %+v inside brick %+v", seed, w.tick, b.Pos, *br)
				}
			})
		}
		for i := 0; i < 20000 && h.phase() != Won; i++ {
			h.run(1)
		}
		g := h.game()
		if h.phase() != Won || g.Hits != 36 || g.Score != 1260 {
			t.Fatalf("seed %d: after %d ticks phase %v hits %d score %d; want won, 36, 1260", seed, h.tick, h.phase(), g.Hits, g.Score)
		}
	}
}

func TestSameSeedSameGameParallelOrNot(t *testing.T) {
	final := func(seq bool) Game {
		cfg := Config{Seed: 9, Settings: DefaultSettings(), Sequential: seq}
		cfg.Settings.Autopilot = true
		h := newHarness(t, cfg)
		h.run(1500)
		return *h.game()
	}
	if a, b := final(true), final(false); a != b {
		t.Fatalf("sequential %+v != parallel %+v", a, b)
	}
}

func TestStressLevel(t *testing.T) {
	cfg := manual()
	cfg.Settings.Bricks = 10000
	h := newHarness(t, cfg)
	n := 0
	h.observe = func(w *world) { n = w.bricks.Len() }
	h.run(3)
	if n != 10000 {
		t.Fatalf("%d bricks, want 10000", n)
	}
}

func TestFlags(t *testing.T) {
	for _, args := range [][]string{{"-ticks", "0"}, {"-bricks", "-5"}, {"-lives", "0"}, {"-scale", "0"}, {"oops"}} {
		var out, errb strings.Builder
		if code := run(args, &out, &errb); code != 2 || !strings.Contains(errb.String(), "Usage") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
	var out, errb strings.Builder
	if code := run([]string{"-headless", "-ticks", "20000", "-seed", "1"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "phase won score 1260 lives 3") {
		t.Errorf("headless run: exit %d, out %q, err %q", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run([]string{"-schedule"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "Stage Physics") || !strings.Contains(out.String(), "render.DrawBox[") {
		t.Errorf("-schedule: exit %d, out %q", code, out.String())
	}
}

func inputDevices(h *harness) *input.Devices { return glue.Resource[input.Devices](h.app) }

func TestSoundsFollowTheGame(t *testing.T) {
	h := newHarness(t, manual())
	h.run(2)
	played := func() uint64 { return glue.Resource[audio.Sounds](h.app).Played() }
	if played() != 0 {
		t.Fatalf("%d tones before anything happened", played())
	}
	// Up into a brick: one brick tone, then the ceiling... the ball bounces
	// off the brick and comes down; stop before it reaches anything else.
	h.place(physics.Vec{X: 25, Y: 200}, physics.Vec{X: 0, Y: -150})
	h.run(30)
	if played() != 1 {
		t.Fatalf("%d tones after one brick, want 1", played())
	}
	// Off the left wall.
	h.place(physics.Vec{X: 20, Y: 250}, physics.Vec{X: -120, Y: 10})
	h.run(15)
	if played() != 2 {
		t.Fatalf("%d tones after a wall bounce, want 2", played())
	}
	// Lost ball: one falling tone.
	h.place(physics.Vec{X: 8, Y: 300}, physics.Vec{X: 0, Y: 200})
	h.run(60)
	if h.game().Lives != 2 || played() != 3 {
		t.Fatalf("lives %d, %d tones after losing the ball; want 2 and 3", h.game().Lives, played())
	}
}

// TestRestartWhilePausedPlays is issue #16's first defect: R while paused
// left the clock paused, so the new game was frozen — the paddle ignored
// the keys and a launched ball stayed on the paddle.
func TestRestartWhilePausedPlays(t *testing.T) {
	h := newHarness(t, manual())
	h.run(2)
	h.place(physics.Vec{X: 100, Y: 250}, physics.Vec{X: 50, Y: 100})
	h.press(int(ebiten.KeyP))
	if h.phase() != Paused {
		t.Fatalf("phase %v, want paused", h.phase())
	}
	h.press(int(ebiten.KeyR))
	if h.phase() != Serving {
		t.Fatalf("phase %v after R, want serving", h.phase())
	}
	_, start := paddleOf(h)
	d := inputDevices(h)
	d.Keys[ebiten.KeyArrowLeft] = true
	h.run(10)
	d.Keys[ebiten.KeyArrowLeft] = false
	if _, moved := paddleOf(h); moved.X > start.X-20 {
		t.Fatalf("after R from pause the paddle does not move: %.1f -> %.1f", start.X, moved.X)
	}
	h.press(int(ebiten.KeySpace))
	if h.phase() != Playing {
		t.Fatalf("phase %v after Space, want playing", h.phase())
	}
	var before, after physics.Vec
	h.observe = func(w *world) { before = w.ball().Pos }
	h.run(1)
	h.observe = func(w *world) { after = w.ball().Pos }
	h.run(10)
	if before == after {
		t.Fatalf("after R from pause the launched ball does not move (at %+v)", before)
	}
}

// TestPaddleReachesAStillPointer is issue #16's second defect: the paddle
// followed the pointer only while it moved, so a cursor that jumped once
// left the paddle short of it.
func TestPaddleReachesAStillPointer(t *testing.T) {
	for _, dir := range []float64{-1, 1} {
		h := newHarness(t, manual())
		h.run(2)
		p, start := paddleOf(h)
		d := inputDevices(h)
		goal := start.X + dir*60
		scale := 1.0
		d.Cursor = input.Point{X: goal, Y: 300}
		h.run(1)
		if x := glue.Resource[input.State](h.app).Pointer.X; x != goal {
			scale = goal / x // the viewport's scale, if any
			d.Cursor = input.Point{X: goal * scale, Y: 300}
			h.run(1)
		}
		h.run(90) // the cursor stays still
		if _, got := paddleOf(h); math.Abs(got.X-goal) > 1 {
			t.Errorf("pointer jumped to %.0f and stayed: paddle at %.1f (from %.1f, width %.0f), want it at the pointer", goal, got.X, start.X, p.W)
		}
		// A steering key takes over from the pointer.
		_, at := paddleOf(h)
		d.Keys[ebiten.KeyArrowRight] = true
		h.run(10)
		d.Keys[ebiten.KeyArrowRight] = false
		h.run(30)
		if _, got := paddleOf(h); got.X < at.X+20 {
			t.Errorf("the right arrow after the pointer moved the paddle %.1f -> %.1f; the key should take over", at.X, got.X)
		}
	}
}
