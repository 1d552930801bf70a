package physics_test

import (
	"fmt"
	"hash/fnv"
	"math"
	"sync"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
)

// Components of the determinism scene.
type (
	detBrick  struct{}
	detPaddle struct{}
	detDust   struct{} // a body with no collider, moved by MoveSystem
)

// detRun plays a breakout-like scene for n ticks — three balls and a
// ghost ball on its own collision layer, 36 bricks despawned when hit and
// respawned in waves, a paddle the game turns around when it touches a
// wall, a sensor, and 3,000 dust bodies that make MoveSystem split across
// workers — and returns a hash of every
// tick's contacts, contact events and colliders, plus the dust at the
// end, and the number of bricks hit.
func detRun(t *testing.T, opts glue.Options, n int) (uint64, int) {
	return detScene(t, opts, n)()
}

// detScene makes the app of detRun and returns a function that runs it.
// Apps must be made on one goroutine (glue.NewApp is not concurrent-safe:
// donburi numbers worlds with an unsynchronised counter); they may then
// run on several.
func detScene(t *testing.T, opts glue.Options, n int) func() (uint64, int) {
	app := newApp(opts)
	app.AddPlugins(physics.Plugin{Stage: phys})
	hash := fnv.New64a()
	hits := 0
	word := func(x float64) {
		var b [8]byte
		u := math.Float64bits(x)
		for i := range b {
			b[i] = byte(u >> (8 * i))
		}
		hash.Write(b[:])
	}
	static := func(x0, y0, x1, y1 float64) []any {
		return box(x0, y0, x1, y1)
	}
	bricks := func(cmds glue.Commands) {
		for i := range 36 {
			x, y := 10+float64(i%6)*30, 60+float64(i/6)*14
			cmds.Spawn(append(static(x, y, x+20, y+10), detBrick{})...)
		}
	}
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		// The walls are on layers 1 and 2; a ghost ball on layer 2 meets
		// only them, passing through bricks, paddle and sensor.
		wall := func(x0, y0, x1, y1 float64) []any {
			w := static(x0, y0, x1, y1)
			w[1] = physics.Collider{Shape: physics.Rect(x1-x0, y1-y0), Layers: 1 | 2}
			return w
		}
		cmds.Spawn(wall(-2, -2, 202, 0)...)
		cmds.Spawn(wall(-2, 0, 0, 400)...)
		cmds.Spawn(wall(200, 0, 202, 400)...)
		cmds.Spawn(wall(-2, 400, 202, 402)...)
		ghost := ball(100, 200, -170, 230, 3)
		ghost[1] = physics.Collider{Shape: physics.Circle(3), Layers: 2, Mask: 2}
		cmds.Spawn(ghost...)
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 100, Y: 300}}, physics.Collider{Shape: physics.Rect(200, 2), Sensor: true}, physics.Static{})
		bricks(cmds)
		for i, v := range []physics.Vec{{X: 130, Y: -270}, {X: -200, Y: -224}, {X: 90, Y: 286}} {
			cmds.Spawn(ball(40+float64(i)*60, 330, v.X, v.Y, 3)...)
		}
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 100, Y: 380}, Vel: physics.Vec{X: 150}}, physics.Collider{Shape: physics.Rect(30, 6)}, detPaddle{})
		for i := range 1000 {
			f := float64(i)
			cmds.Spawn(physics.Body{Pos: physics.Vec{X: f, Y: -f}, Vel: physics.Vec{X: math.Sin(f) * 50, Y: math.Cos(f) * 50}}, detDust{})
		}
	}).Named("det.Spawn"))
	rules := glue.NewLabel("det.rules")
	app.AddSystems(logic,
		glue.Func(func(p struct {
			Cmds glue.Commands
			C    glue.Res[physics.Contacts]
			Q    glue.Query1[*detBrick]
		}) {
			cmds, c, q := p.Cmds, p.C, p.Q
			for _, x := range c.Get().List {
				if _, ok := q.Get(x.B); ok {
					cmds.Despawn(x.B)
					hits++
				}
			}
			if q.Len() == 0 {
				bricks(cmds)
			}
		}).Named("det.HitBricks").In(rules),
		glue.Func(func(p struct {
			C glue.Res[physics.Contacts]
			Q glue.Query2[*physics.Body, *detPaddle]
		}) {
			c, q := p.C, p.Q
			for _, x := range c.Get().List {
				if b, _, ok := q.Get(x.A); ok && x.Normal.X*b.Vel.X < 0 {
					b.Vel.X = -b.Vel.X
				}
			}
		}).Named("det.TurnPaddle").In(rules),
		glue.Func(func(p struct {
			C       glue.Res[physics.Contacts]
			Q       glue.Query2[*physics.Body, *physics.Collider]
			Dust    glue.Query2[*physics.Body, *detDust]
			Tick    glue.Local[int]
			Started glue.Reader[physics.ContactStarted]
			Ended   glue.Reader[physics.ContactEnded]
		}) {
			c, q, dust, tick := p.C, p.Q, p.Dust, p.Tick
			for _, x := range p.Started.Read() {
				fmt.Fprint(hash, "+", x.A, x.B, x.Bounced)
			}
			for _, x := range p.Ended.Read() {
				fmt.Fprint(hash, "-", x.A, x.B)
			}
			for _, x := range c.Get().List {
				fmt.Fprint(hash, x.A, x.B, x.Sensor, x.Bounced)
				word(x.Normal.X)
				word(x.Normal.Y)
				word(x.Depth)
			}
			body := func(e glue.Entity, b *physics.Body) {
				fmt.Fprint(hash, e)
				word(b.Pos.X)
				word(b.Pos.Y)
				word(b.Vel.X)
				word(b.Vel.Y)
			}
			q.Each(func(e glue.Entity, b *physics.Body, c *physics.Collider) {
				body(e, b)
				if r := c.Shape.Radius(); r > 0 && (b.Pos.X < r-1e-6 || b.Pos.X > 200-r+1e-6 || b.Pos.Y < r-1e-6 || b.Pos.Y > 400-r+1e-6) {
					t.Errorf("tick %d: ball %v at %v left the field", *tick.Get(), e, b.Pos)
				}
			})
			if *tick.Get()++; *tick.Get() == n {
				dust.Each(func(e glue.Entity, b *physics.Body, _ *detDust) { body(e, b) })
			}
		}).Named("det.Hash").After(rules),
	)
	return func() (uint64, int) {
		defer app.Close()
		for range n {
			if err := app.Update(); err != nil {
				t.Error(err) // not Fatal: it may run on another goroutine
				return 0, 0
			}
		}
		return hash.Sum64(), hits
	}
}

func TestDeterminism(t *testing.T) {
	ticks := 3000
	if testing.Short() {
		ticks = 300
	}
	parallel := glue.Options{Workers: 2, ParallelThreshold: 1, ChunkSize: 64}
	seq, hits := detRun(t, glue.Options{Sequential: true}, ticks)
	par1, _ := detRun(t, parallel, ticks)
	par2, _ := detRun(t, parallel, ticks)
	if seq != par1 || par1 != par2 {
		t.Fatalf("hashes differ: sequential %x, parallel %x and %x", seq, par1, par2)
	}
	if hits < ticks/100 {
		t.Errorf("only %d bricks hit in %d ticks: the scene is not exercising collisions", hits, ticks)
	}
	if other, _ := detRun(t, glue.Options{Sequential: true}, ticks-1); other == seq {
		t.Fatal("the hash does not depend on the run: the test cannot fail")
	}
	t.Logf("%d ticks, %d bricks hit, hash %x", ticks, hits, seq)
}

// TestConcurrentApps steps two apps on two goroutines at once (a server
// running two rooms): resolv's package-level state must not make them
// race (run with -race) or differ.
func TestConcurrentApps(t *testing.T) {
	want, _ := detRun(t, glue.Options{Sequential: true}, 200)
	var wg sync.WaitGroup
	got := make([]uint64, 2)
	runs := []func() (uint64, int){detScene(t, glue.Options{}, 200), detScene(t, glue.Options{}, 200)}
	for i, run := range runs {
		wg.Go(func() { got[i], _ = run() })
	}
	wg.Wait()
	for i, h := range got {
		if h != want {
			t.Errorf("app %d: hash %x, want %x", i, h, want)
		}
	}
}
