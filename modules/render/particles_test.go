package render_test

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/render"
	"github.com/gluekit/glue/modules/timer"
)

func TestEmitterBurstRateAndLifetime(t *testing.T) {
	e := render.Emitter{Burst: 10, Rate: 30, Lifetime: 0.5, Max: 100}
	e.Advance(0.1) // the burst, and 3 from the rate
	if e.Len() != 13 {
		t.Fatalf("after a burst of 10 and 0.1 s at 30/s: %d particles, want 13", e.Len())
	}
	if e.Burst != 0 {
		t.Errorf("Burst = %d after the update, want 0", e.Burst)
	}
	e.Advance(0.45) // 0.45 s old: all alive; 13 more (0.45 s at 30/s, plus the carry)
	if e.Len() != 26 && e.Len() != 27 {
		t.Errorf("after 0.55 s: %d particles, want 26 or 27", e.Len())
	}
	n := e.Len()
	e.Advance(0.1) // the first 13 die, 0.55 s old; 3 are born
	if e.Len() != n-13+3 {
		t.Errorf("after 0.65 s: %d particles, want %d: the first 13 past their lifetime", e.Len(), n-13+3)
	}
	e.Rate, e.Burst = 0, 1000
	e.Advance(0.01)
	if e.Len() != 100 {
		t.Errorf("a burst past Max: %d particles, want Max = 100", e.Len())
	}
	e.Advance(0) // paused clock: nothing changes
	if e.Len() != 100 {
		t.Errorf("dt 0 changed the particles: %d", e.Len())
	}
	e.Advance(1)
	if e.Len() != 0 {
		t.Errorf("after their lifetime: %d particles, want 0", e.Len())
	}
}

// particleStats returns the Stats of a list of e's particles, counted
// without a screen.
func particleStats(e *render.Emitter) render.Stats {
	var d render.DrawList
	d.AddParticles(e)
	d.Flush(nil, 1)
	return d.Stats()
}

func TestEmitterMotionAndDeterminism(t *testing.T) {
	mk := func(seed uint64) *render.Emitter {
		return &render.Emitter{X: 100, Y: 100, Burst: 50, Lifetime: 10, Speed: 100, SpeedSpread: 20,
			AngleSpread: math.Pi, GravityY: 50, Drag: 1, Shape: render.EmitCircle, Radius: 5, Seed: seed, Size: 2}
	}
	a, b, c := mk(7), mk(7), mk(8)
	for range 30 {
		a.Advance(1.0 / 60)
		b.Advance(1.0 / 60)
		c.Advance(1.0 / 60)
	}
	if particleStats(a) != particleStats(b) {
		t.Error("two emitters with the same seed differ")
	}
	// The same seed draws the same vertices; another seed others.
	same, diff := sameVerts(a, b), sameVerts(a, c)
	if !same {
		t.Error("same seed, different particles")
	}
	if diff {
		t.Error("different seeds, the same particles")
	}
	if st := particleStats(a); st.Particles != 50 || st.Batches != 1 {
		t.Errorf("Stats %+v, want 50 particles in 1 batch", st)
	}
}

func sameVerts(a, b *render.Emitter) bool {
	var da, db render.DrawList
	da.AddParticles(a)
	db.AddParticles(b)
	va, vb := render.ParticleVerticesForTest(&da), render.ParticleVerticesForTest(&db)
	if len(va) != len(vb) {
		return false
	}
	for i := range va {
		if va[i] != vb[i] {
			return false
		}
	}
	return true
}

func TestEmitterWithoutLifetimeFailsTheApp(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{}, render.Plugin{})
	app.AddStartup(glue.Func(func(c glue.Commands) { c.Spawn(render.Emitter{Burst: 5}) }))
	app.AddSystems(glue.Update, render.UpdateParticles())
	defer app.Close()
	err := app.Update()
	if err == nil || !strings.Contains(err.Error(), "render: Emitter.Lifetime must be positive to emit, got 0") {
		t.Fatalf("Update: %v, want the Lifetime error", err)
	}
}

// TestParticlesPixels draws particles in a real window: a burst of
// still squares at a point, red fading to transparent; a second
// emitter's discs; the clock paused holds them.
func TestParticlesPixels(t *testing.T) {
	requireDisplay(t)
	app := newApp(t, 1,
		render.Emitter{X: 16, Y: 24, Burst: 4, Lifetime: 1, Size: 8, Color: red},
		render.Emitter{X: 48, Y: 24, Burst: 1, Lifetime: 10, Size: 10, Color: green, ColorEnd: green, Round: true},
		render.Box{X: 0, Y: 0, W: 4, H: 4, Color: white},
	)
	app.AddPlugins(timer.Plugin{})
	app.AddSystems(glue.Update, render.UpdateParticles())
	app.AddSystems(glue.Draw, render.DrawParticles())
	g := render.NewGame(app)
	img := frame(t, g)
	// First tick: emitted, not yet aged.
	checkPixel(t, img, 16, 24, red, "a fresh particle")
	checkPixel(t, img, 13, 21, red, "inside the 8×8 square")
	checkPixel(t, img, 11, 24, bg, "outside the 8×8 square")
	checkPixel(t, img, 48, 24, green, "the disc's centre")
	checkPixel(t, img, 43, 19, bg, "outside the disc, in its square's corner")
	st := glue.Resource[render.DrawList](app).Stats()
	if st.Particles != 5 || st.Batches != 1 {
		t.Errorf("Stats %+v, want 5 particles joining the box's one batch", st)
	}
	for range 29 {
		frame(t, g)
	}
	// Half their life: half faded (premultiplied red at alpha ~0.5,
	// over bg, four particles on top of each other).
	img = frame(t, g)
	got := img.RGBAAt(16, 24)
	if got.R < 200 || got == red {
		t.Errorf("at half life the four stacked particles are %v, want a faded red over the background", got)
	}
	one := img.RGBAAt(16, 24)
	glue.Resource[timer.Time](app).SetPaused(true)
	for range 10 {
		img = frame(t, g)
	}
	if img.RGBAAt(16, 24) != one {
		t.Errorf("paused clock: the particles changed from %v to %v", one, img.RGBAAt(16, 24))
	}
	glue.Resource[timer.Time](app).SetPaused(false)
	for range 40 {
		img = frame(t, g)
	}
	checkPixel(t, img, 16, 24, bg, "after their lifetime")
	checkPixel(t, img, 48, 24, green, "the long-lived disc")
}

// TestSpriteParticlesPixels draws sprite particles: the image's colour,
// at its size times Size/width, turned by Rotation, in a batch of its
// own page.
func TestSpriteParticlesPixels(t *testing.T) {
	requireDisplay(t)
	src := image.NewRGBA(image.Rect(0, 0, 4, 2))
	for i := range src.Pix {
		src.Pix[i] = 255 // white
	}
	for x := range 4 {
		src.SetRGBA(x, 0, color.RGBA{0, 0, 255, 255}) // the top row blue
	}
	img, err := render.NewImage(src)
	if err != nil {
		t.Fatal(err)
	}
	app := newApp(t, 1,
		// 4×2 drawn 16 wide: 16×8, centred on (20, 24), blue on top.
		render.Emitter{X: 20, Y: 24, Burst: 1, Lifetime: 10, Size: 16, Image: img, Color: white, ColorEnd: white},
		// Turned a quarter clockwise: 8 wide, 16 tall, blue on the right.
		render.Emitter{X: 48, Y: 24, Burst: 1, Lifetime: 10, Size: 16, Image: img, Color: white, ColorEnd: white, Rotation: math.Pi / 2},
	)
	app.AddPlugins(timer.Plugin{})
	app.AddSystems(glue.Update, render.UpdateParticles())
	app.AddSystems(glue.Draw, render.DrawParticles())
	g := render.NewGame(app)
	img2 := frame(t, g)
	// Each texel is 4×4 pixels; pixels by texel centres, within the
	// linear filter's blend with the next texel.
	blueish := color.RGBA{0, 0, 255, 255}
	checkNear(t, img2, 22, 22, blueish, "the top half of the sprite")
	checkNear(t, img2, 22, 26, white, "the bottom half of the sprite")
	checkPixel(t, img2, 20, 30, bg, "below the 16×8 sprite")
	checkNear(t, img2, 50, 22, blueish, "the turned sprite's right half")
	checkNear(t, img2, 46, 22, white, "the turned sprite's left half")
	checkNear(t, img2, 46, 28, white, "the turned sprite's lower part")
	if img2.RGBAAt(46, 31) == bg || img2.RGBAAt(46, 16) == bg {
		t.Error("the turned sprite is not 16 tall (y 16 to 32)")
	}
	checkPixel(t, img2, 46, 33, bg, "below the turned sprite")
	if st := glue.Resource[render.DrawList](app).Stats(); st.Particles != 2 || st.Batches != 1 {
		t.Errorf("Stats %+v, want 2 particles in one batch of the image's page", st)
	}
}

// checkNear is checkPixel within 40 per channel: for images magnified
// with linear filtering.
func checkNear(t *testing.T, img *image.RGBA, x, y int, want color.RGBA, what string) {
	t.Helper()
	got := img.RGBAAt(x, y)
	d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
	if d(got.R, want.R) > 40 || d(got.G, want.G) > 40 || d(got.B, want.B) > 40 || d(got.A, want.A) > 40 {
		t.Errorf("%s: pixel (%d, %d) = %v, want about %v", what, x, y, got, want)
	}
}

// TestEmitterDespawnWhenDone: a burst spawned with DespawnWhenDone is
// despawned once its last particle dies; a continuous one, and one
// without the flag, stay (issue #38: effects that despawn themselves).
func TestEmitterDespawnWhenDone(t *testing.T) {
	type tag struct{ Name string }
	app := glue.NewApp()
	app.AddPlugins(timer.Plugin{TPS: 60}, render.Plugin{})
	app.AddStartup(glue.Func(func(c glue.Commands) {
		c.Spawn(tag{"burst"}, render.Emitter{Burst: 20, Lifetime: 0.2, DespawnWhenDone: true})
		c.Spawn(tag{"rate"}, render.Emitter{Rate: 30, Lifetime: 0.2, DespawnWhenDone: true})
		c.Spawn(tag{"kept"}, render.Emitter{Burst: 20, Lifetime: 0.2})
	}))
	app.AddSystems(glue.Update, render.UpdateParticles())
	var alive []string
	app.AddSystems(glue.Last, glue.Func(func(q glue.Query2[tag, render.Emitter]) {
		alive = alive[:0]
		q.Each(func(_ glue.Entity, tg tag, _ render.Emitter) { alive = append(alive, tg.Name) })
	}))
	defer app.Close()
	for tick := 1; tick <= 30; tick++ {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
		burst := slices.Contains(alive, "burst")
		if tick <= 10 && !burst {
			t.Fatalf("tick %d: the burst's entity is gone while its particles live (0.2 s = 12 ticks)", tick)
		}
		if tick >= 14 && burst {
			t.Fatalf("tick %d: the burst's entity is still there after its particles died", tick)
		}
		if !slices.Contains(alive, "rate") || !slices.Contains(alive, "kept") {
			t.Fatalf("tick %d: %v; the emitter with a Rate and the one without DespawnWhenDone must stay", tick, alive)
		}
	}
}
