package physics_test

import (
	"math"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
)

func TestReflect(t *testing.T) {
	s2 := math.Sqrt2 / 2
	for _, tc := range []struct {
		name    string
		v, n, w physics.Vec
	}{
		{"floor", physics.Vec{X: 3, Y: 4}, physics.Vec{X: 0, Y: -1}, physics.Vec{X: 3, Y: -4}},
		{"ceiling", physics.Vec{X: -3, Y: -4}, physics.Vec{X: 0, Y: 1}, physics.Vec{X: -3, Y: 4}},
		{"left wall", physics.Vec{X: -3, Y: 4}, physics.Vec{X: 1, Y: 0}, physics.Vec{X: 3, Y: 4}},
		{"right wall", physics.Vec{X: 5, Y: 0}, physics.Vec{X: -1, Y: 0}, physics.Vec{X: -5, Y: 0}},
		{"45° ramp", physics.Vec{X: 0, Y: 5}, physics.Vec{X: s2, Y: -s2}, physics.Vec{X: 5, Y: 0}},
		{"unnormalised normal", physics.Vec{X: 0, Y: 5}, physics.Vec{X: 2, Y: -2}, physics.Vec{X: 5, Y: 0}},
		// A 30° slope (normal (sin 30°, -cos 30°)): straight down leaves
		// 30° above the horizontal, angle out == angle in (30° to n).
		{"30° slope", physics.Vec{X: 0, Y: 2}, physics.Vec{X: 0.5, Y: -math.Sqrt(3) / 2}, physics.Vec{X: math.Sqrt(3), Y: -1}},
		{"zero normal", physics.Vec{X: 1, Y: 2}, physics.Vec{}, physics.Vec{X: 1, Y: 2}},
	} {
		got := physics.Reflect(tc.v, tc.n)
		if !near(got, tc.w, 1e-12) {
			t.Errorf("%s: Reflect(%v, %v) = %v, want %v", tc.name, tc.v, tc.n, got, tc.w)
		}
		if math.Abs(got.Len()-tc.v.Len()) > 1e-12 {
			t.Errorf("%s: speed changed from %g to %g", tc.name, tc.v.Len(), got.Len())
		}
	}
}

func TestBounceOnlyIntoSurface(t *testing.T) {
	n := physics.Vec{X: 0, Y: 1} // ceiling: pushes down
	v, ok := physics.Bounce(physics.Vec{X: 2, Y: -3}, n)
	if !ok || v != (physics.Vec{X: 2, Y: 3}) {
		t.Fatalf("Bounce into surface = %v, %v; want (2,3), true", v, ok)
	}
	// A second contact with the same normal (the next brick of a row)
	// must not turn the ball back up.
	v2, ok := physics.Bounce(v, n)
	if ok || v2 != v {
		t.Fatalf("second Bounce = %v, %v; want %v, false", v2, ok, v)
	}
}

// particle is a game component with its own fields, moved by Move.
type particle struct{ x, y, vx, vy float64 }

func (p *particle) Position() physics.Vec     { return physics.Vec{X: p.x, Y: p.y} }
func (p *particle) SetPosition(v physics.Vec) { p.x, p.y = v.X, v.Y }
func (p *particle) Velocity() physics.Vec     { return physics.Vec{X: p.vx, Y: p.vy} }

func TestMoveIntegrates(t *testing.T) {
	s := newSim(t, physics.Plugin{}, glue.Options{})
	var parts []particle
	move := physics.Move[particle]()
	if got, want := move.Name(), "physics.Move[physics_test.particle]"; got != want {
		t.Errorf("Move[particle] is named %q, want %q", got, want)
	}
	s.app.AddSystems(phys, move.After(physics.StepSystem))
	s.app.AddSystems(logic, glue.Func(func(q glue.Query1[*particle]) {
		parts = parts[:0]
		q.Each(func(_ glue.Entity, p *particle) { parts = append(parts, *p) })
	}).Named("test.Particles"))
	s.spawn("kinematic", physics.Body{Pos: physics.Vec{X: 10, Y: 20}, Vel: physics.Vec{X: 60, Y: -120}})
	s.spawn("ball", ball(100, 100, 30, 45, 3)...) // bouncy, nothing to hit
	s.spawn("bouncy without collider", physics.Body{Pos: physics.Vec{X: 100, Y: 100}, Vel: physics.Vec{X: 30, Y: 45}}, physics.Bouncy{})
	s.queue = append(s.queue, []any{particle{x: 1, y: 2, vx: -6, vy: 12}})
	s.tick(1) // spawned in Input, moved once in Physics
	s.tick(59)
	for name, want := range map[string]physics.Vec{
		"kinematic":               {X: 70, Y: -100},
		"ball":                    {X: 130, Y: 145},
		"bouncy without collider": {X: 130, Y: 145},
	} {
		if got := s.body(name).Pos; !near(got, want, 1e-9) {
			t.Errorf("%s after 60 ticks of 1/60 s: %v, want %v", name, got, want)
		}
	}
	if len(parts) != 1 || !near(parts[0].Position(), physics.Vec{X: -5, Y: 14}, 1e-9) {
		t.Errorf("particle after 60 ticks: %+v, want position (-5, 14)", parts)
	}

	glue.Resource[physics.Settings](s.app).Delta = 0.5
	s.tick(1)
	if got, want := s.body("kinematic").Pos, (physics.Vec{X: 100, Y: -160}); !near(got, want, 1e-9) {
		t.Errorf("after a tick of 0.5 s: %v, want %v", got, want)
	}
	glue.Resource[physics.Settings](s.app).Delta = 0
	s.tick(1)
	if got, want := s.body("kinematic").Pos, (physics.Vec{X: 100, Y: -160}); got != want {
		t.Errorf("Delta 0 moved the body to %v", got)
	}
}

func TestStaticBodiesDoNotMove(t *testing.T) {
	s := newSim(t, physics.Plugin{}, glue.Options{})
	s.spawn("brick", append(box(0, 0, 20, 10), physics.Body{Vel: physics.Vec{X: 50}})[1:]...)
	s.spawn("brick2", physics.Body{Pos: physics.Vec{X: 5, Y: 5}, Vel: physics.Vec{X: 50}}, physics.Collider{Shape: physics.Rect(2, 2)}, physics.Static{})
	s.tick(10)
	if got := s.body("brick2").Pos; got != (physics.Vec{X: 5, Y: 5}) {
		t.Errorf("static body moved to %v", got)
	}
}

// clock is a stand-in for a timer module's clock resource.
type clock struct{ dt float64 }

func (c clock) DeltaSeconds() float64 { return c.dt }

func TestDeltaFrom(t *testing.T) {
	s := newSim(t, physics.Plugin{}, glue.Options{})
	s.app.InsertResource(clock{dt: 0.25})
	delta := physics.DeltaFrom[clock]()
	if got, want := delta.Name(), "physics.DeltaFrom[physics_test.clock]"; got != want {
		t.Errorf("DeltaFrom[clock] is named %q, want %q", got, want)
	}
	s.app.AddSystems(input, delta)
	s.spawn("k", physics.Body{Vel: physics.Vec{X: 4}})
	s.tick(2)
	if got := s.body("k").Pos.X; math.Abs(got-2) > 1e-12 {
		t.Errorf("x after 2 ticks of 0.25 s at 4 px/s = %g, want 2", got)
	}
	if d := glue.Resource[physics.Settings](s.app).Delta; d != 0.25 {
		t.Errorf("Settings.Delta = %g, want 0.25", d)
	}
}

func TestSync(t *testing.T) {
	s := newSim(t, physics.Plugin{}, glue.Options{})
	sp := s.space()
	s.spawn("wall", box(0, 0, 10, 100)...)
	s.spawn("paddle", physics.Body{Pos: physics.Vec{X: 50, Y: 90}, Vel: physics.Vec{X: 60}}, physics.Collider{Shape: physics.Rect(30, 6)})
	s.spawn("ghost", physics.Body{Pos: physics.Vec{X: 500, Y: 500}}) // no collider
	s.tick(1)
	wall, paddle := s.ents["wall"], s.ents["paddle"]
	if !sp.Contains(wall) || !sp.Contains(paddle) || sp.Contains(s.ents["ghost"]) || sp.Len() != 2 {
		t.Fatalf("after spawn: Len %d, wall %v, paddle %v, ghost %v", sp.Len(), sp.Contains(wall), sp.Contains(paddle), sp.Contains(s.ents["ghost"]))
	}
	if got := sp.Query(physics.Bounds{Min: physics.Vec{X: 1, Y: 1}, Max: physics.Vec{X: 2, Y: 2}}, nil); len(got) != 1 || got[0] != wall {
		t.Errorf("Query at the wall = %v, want [%v]", got, wall)
	}
	if e, ok := sp.Entity(sp.Shape(wall)); !ok || e != wall {
		t.Errorf("Entity(Shape(wall)) = %v, %v", e, ok)
	}

	// Moved by velocity: the shape follows, in the same tick. (The
	// paddle moved first in the tick it was spawned in.)
	s.tick(1)
	pos, _ := sp.Position(paddle)
	if want := s.body("paddle").Pos; pos != want || !near(want, physics.Vec{X: 52, Y: 90}, 1e-9) {
		t.Errorf("paddle shape at %v, body at %v, want (52, 90)", pos, want)
	}
	sh := sp.Shape(paddle).Position()
	if o := sp.Origin(); !near(physics.Vec{X: sh.X + o.X, Y: sh.Y + o.Y}, pos, 1e-12) {
		t.Errorf("resolv shape at %v + origin %v, want %v", sh, o, pos)
	}
	if got := sp.Query(physics.Bounds{Min: physics.Vec{X: 66, Y: 88}, Max: physics.Vec{X: 66.5, Y: 89}}, nil); len(got) != 1 || got[0] != paddle {
		t.Errorf("Query at the paddle's right end = %v, want [%v]", got, paddle)
	}

	// Moved by a game system setting the position: the shape follows.
	s.edit["paddle"] = func(b *physics.Body) { b.Pos = physics.Vec{X: 150, Y: 20}; b.Vel = physics.Vec{} }
	s.tick(1)
	if pos, _ := sp.Position(paddle); pos != (physics.Vec{X: 150, Y: 20}) {
		t.Errorf("paddle shape at %v after the game moved it to (150, 20)", pos)
	}

	// Despawned: out of the space.
	s.kill = append(s.kill, "wall")
	s.tick(1) // despawned at the end of Input; synced in Physics
	if sp.Contains(wall) || sp.Len() != 1 {
		t.Errorf("after despawn: wall in space %v, Len %d", sp.Contains(wall), sp.Len())
	}
	if got := sp.Query(physics.Bounds{Min: physics.Vec{X: 1, Y: 1}, Max: physics.Vec{X: 2, Y: 2}}, nil); len(got) != 0 {
		t.Errorf("Query where the wall was = %v", got)
	}
}

func TestSyncRemoveAndReinsertCollider(t *testing.T) {
	s := newSim(t, physics.Plugin{}, glue.Options{})
	var step int
	s.app.AddSystems(input, glue.Func(func(p struct {
		Cmds glue.Commands
		Q    glue.Query1[*Name]
	}) {
		cmds := p.Cmds
		p.Q.Each(func(e glue.Entity, n *Name) {
			switch step {
			case 2:
				cmds.Remove(e, glue.TypeOf[physics.Collider]())
			case 4:
				cmds.Insert(e, physics.Collider{Shape: physics.Circle(4)})
			case 6: // in one stage: remove and insert again
				cmds.Remove(e, glue.TypeOf[physics.Collider]())
				cmds.Insert(e, physics.Collider{Shape: physics.Circle(7)})
			case 8: // insert then remove
				cmds.Remove(e, glue.TypeOf[physics.Collider]())
			case 9:
				cmds.Insert(e, physics.Collider{Shape: physics.Circle(1)})
				cmds.Remove(e, glue.TypeOf[physics.Collider]())
			}
		})
		step++
	}).Named("test.Toggle"))
	s.spawn("k", physics.Body{Pos: physics.Vec{X: 5, Y: 5}}, physics.Collider{Shape: physics.Rect(2, 2)})
	want := []bool{true, true, false, false, true, true, true, true, false, false}
	for i, w := range want {
		s.tick(1)
		sp := s.space()
		if got := sp.Contains(s.ents["k"]); got != w {
			t.Fatalf("tick %d: in space = %v, want %v", i, got, w)
		}
		if i == 6 {
			if r := sp.Shape(s.ents["k"]).Bounds(); r.Max.X-r.Min.X != 14 {
				t.Errorf("after remove+insert, shape is %v wide, want the new radius 7", r.Max.X-r.Min.X)
			}
		}
	}
}

func TestSyncManyRemovals(t *testing.T) {
	s := newSim(t, physics.Plugin{CellSize: 16}, glue.Options{})
	for i := range 300 {
		s.spawn(brickName(i), box(float64(i%20)*20, float64(i/20)*10, float64(i%20)*20+20, float64(i/20)*10+10)...)
	}
	s.tick(1)
	if n := s.space().Len(); n != 300 {
		t.Fatalf("Len = %d, want 300", n)
	}
	for i := range 300 {
		if i%3 != 0 {
			s.kill = append(s.kill, brickName(i))
		}
	}
	s.tick(2)
	sp := s.space()
	if sp.Len() != 100 {
		t.Fatalf("Len after removing 200 = %d, want 100", sp.Len())
	}
	got := sp.Query(sp.Area(), nil)
	if len(got) != 100 {
		t.Fatalf("Query(all) after removing 200 found %d", len(got))
	}
	for i := range 300 {
		if sp.Contains(s.ents[brickName(i)]) != (i%3 == 0) {
			t.Fatalf("brick %d: in space %v", i, sp.Contains(s.ents[brickName(i)]))
		}
	}
}

func brickName(i int) string {
	return "brick" + string(rune('A'+i/26/26%26)) + string(rune('A'+i/26%26)) + string(rune('A'+i%26))
}

func TestSpaceGrowsToFitColliders(t *testing.T) {
	s := newSim(t, physics.Plugin{Bounds: physics.Bounds{Max: physics.Vec{X: 200, Y: 400}}}, glue.Options{})
	// A wall left of the field, at negative x: outside the initial grid.
	s.spawn("far wall", box(-300, 0, -290, 400)...)
	s.spawn("ball", ball(-250, 200, -300, 0, 3)...)
	s.tick(1)
	if a := s.space().Area(); a.Min.X > -300 {
		t.Fatalf("area %v does not cover the wall at x = -300", a)
	}
	s.tick(20)
	b := s.body("ball")
	if b.Pos.X < -290+3-1e-6 || b.Vel.X <= 0 {
		t.Fatalf("ball at %v with velocity %v: did not bounce off the wall outside the initial area", b.Pos, b.Vel)
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		vals []any
		want string
	}{
		{"no body", []any{physics.Collider{Shape: physics.Circle(1)}}, "has a Collider but no Body"},
		{"no shape", []any{physics.Body{}, physics.Collider{}}, "collider has no shape"},
		{"bad radius", []any{physics.Body{}, physics.Collider{Shape: physics.Circle(-1)}}, "radius must be positive"},
		{"concave", []any{physics.Body{}, physics.Collider{Shape: physics.Polygon(physics.Vec{}, physics.Vec{X: 10}, physics.Vec{X: 5, Y: 2}, physics.Vec{X: 10, Y: 10}, physics.Vec{Y: 10})}}, "not convex"},
		{"too far apart", []any{physics.Body{Pos: physics.Vec{X: 1e9}}, physics.Collider{Shape: physics.Circle(1)}}, "grid cells"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, physics.Plugin{}, glue.Options{})
			s.spawn("x", tc.vals...)
			s.spawn("origin", box(0, 0, 1, 1)...)
			err := s.app.Update()
			if err == nil {
				err = s.app.Update()
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "physics: ") {
				t.Fatalf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
	t.Run("no stage", func(t *testing.T) {
		app := glue.NewApp()
		app.AddPlugins(physics.Plugin{Stage: phys})
		if err := app.Build(); err == nil || !strings.Contains(err.Error(), `physics: Plugin.Stage "Physics" is not a stage of the app`) {
			t.Fatalf("Build without the stage: %v", err)
		}
	})
	t.Run("no plugin", func(t *testing.T) {
		app := glue.NewApp()
		app.AddSystems(glue.Update, glue.Func(func(glue.Res[physics.Contacts]) {}))
		if err := app.Build(); err == nil || !strings.Contains(err.Error(), "physics.Plugin") || !strings.Contains(err.Error(), "physics.Contacts") {
			t.Fatalf("Build without the plugin: %v", err)
		}
		app = glue.NewApp()
		app.AddSystems(glue.Update, physics.Move[physics.Body]())
		if err := app.Build(); err == nil || !strings.Contains(err.Error(), "add it with app.AddPlugins(physics.Plugin{})") {
			t.Fatalf("Build of Move without the plugin: %v", err)
		}
	})
}

func TestKinematicAndSensorContacts(t *testing.T) {
	s := newSim(t, physics.Plugin{}, glue.Options{})
	s.walls(200, 400, 4)
	// The paddle moves right into the right wall: it is kinematic, so it
	// is not stopped, but the overlap is reported.
	s.spawn("paddle", physics.Body{Pos: physics.Vec{X: 180, Y: 380}, Vel: physics.Vec{X: 120}}, physics.Collider{Shape: physics.Rect(30, 6)})
	// A goal line sensor the ball crosses.
	s.spawn("goal", physics.Body{Pos: physics.Vec{X: 100, Y: 200}}, physics.Collider{Shape: physics.Rect(200, 2), Sensor: true}, physics.Static{})
	s.spawn("ball", ball(50, 180, 0, 300, 3)...)
	sawPaddle, goalTicks := false, 0
	for range 30 {
		s.tick(1)
		for _, c := range s.contacts {
			switch {
			case c.A == s.ents["paddle"] && c.B == s.ents["right"]:
				if !sawPaddle && (c.Normal != (physics.Vec{X: -1}) || c.Sensor || c.Bounced) {
					t.Errorf("first paddle/wall contact %+v, want normal (-1, 0)", c)
				}
				sawPaddle = true
			case c.A == s.ents["ball"] && c.B == s.ents["goal"]:
				// Listed in every tick the ball overlaps the 2 px line:
				// 8 px of travel at 5 px per tick.
				goalTicks++
				if !c.Sensor || c.Bounced {
					t.Errorf("goal contact %+v, want a sensor contact without bounce", c)
				}
			}
		}
		if v := s.body("ball").Vel; v != (physics.Vec{Y: 300}) {
			t.Fatalf("the sensor changed the ball's velocity to %v", v)
		}
	}
	if !sawPaddle || goalTicks != 2 {
		t.Errorf("saw paddle/wall contact %v, goal contact in %d ticks; want true, 2", sawPaddle, goalTicks)
	}
	if p := s.body("paddle").Pos.X; p < 200 {
		t.Errorf("kinematic paddle stopped at x = %g; kinematic bodies are not blocked", p)
	}
}

func TestContactsBetween(t *testing.T) {
	c := physics.Contacts{List: []physics.Contact{{A: 1, B: 2, Normal: physics.Vec{X: 0, Y: -1}, Depth: 2}}}
	got, ok := c.Between(2, 1)
	if !ok || got.A != 2 || got.B != 1 || got.Normal != (physics.Vec{X: 0, Y: 1}) {
		t.Errorf("Between(2, 1) = %+v, %v", got, ok)
	}
	if got.MTV() != (physics.Vec{X: 0, Y: 2}) {
		t.Errorf("MTV = %v", got.MTV())
	}
	if _, ok := c.Between(1, 3); ok {
		t.Error("Between(1, 3) found a contact")
	}
}

// TestDefaultStage runs the plugin with its defaults: its systems run in
// glue.PostUpdate, after the game's glue.Update, in their documented
// order and under their documented names, and conflict with nothing
// unordered (Strict).
func TestDefaultStage(t *testing.T) {
	app := glue.NewApp().Configure(glue.Options{Strict: true})
	app.AddPlugins(physics.Plugin{})
	var moved []physics.Vec
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(physics.Body{Vel: physics.Vec{X: 60}}, physics.Collider{Shape: physics.Rect(2, 2)})
	}))
	// Rules in glue.Update see the bodies as the previous tick's physics
	// left them.
	app.AddSystems(glue.Update, glue.Func(func(q glue.Query1[*physics.Body]) {
		q.Each(func(_ glue.Entity, b *physics.Body) { moved = append(moved, b.Pos) })
	}))
	defer app.Close()
	for range 3 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if len(moved) != 3 || moved[0].X != 0 || math.Abs(moved[2].X-2) > 1e-12 {
		t.Errorf("positions seen in glue.Update = %v, want x = 0, 1, 2", moved)
	}
	d := app.Describe()
	stage := d[strings.Index(d, "Stage PostUpdate"):]
	last := 0
	for _, name := range []string{"physics.syncColliders", "physics.Move[physics.Body]", "physics.track", "physics.step"} {
		i := strings.Index(stage, "    "+name+" ")
		if i < last {
			t.Fatalf("%s not listed after the systems before it in stage PostUpdate:\n%s", name, d)
		}
		last = i
	}
}
