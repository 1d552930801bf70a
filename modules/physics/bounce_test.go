package physics_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
)

// runUntilContact ticks until the named ball reports a contact (at most
// 200 ticks) and returns it.
func (s *sim) runUntilContact(name string) physics.Contact {
	s.t.Helper()
	for range 200 {
		s.tick(1)
		if cs := s.contactsOf(name); len(cs) > 0 {
			return cs[0]
		}
	}
	s.t.Fatalf("%s never touched anything; it is at %v", name, s.body(name).Pos)
	return physics.Contact{}
}

func TestBounceOffWalls(t *testing.T) {
	for _, tc := range []struct {
		name      string
		v, n, out physics.Vec
	}{
		{"floor", physics.Vec{X: 60, Y: 240}, physics.Vec{X: 0, Y: -1}, physics.Vec{X: 60, Y: -240}},
		{"ceiling", physics.Vec{X: -90, Y: -280}, physics.Vec{X: 0, Y: 1}, physics.Vec{X: -90, Y: 280}},
		{"left wall", physics.Vec{X: -300, Y: 10}, physics.Vec{X: 1, Y: 0}, physics.Vec{X: 300, Y: 10}},
		{"right wall", physics.Vec{X: 250, Y: -160}, physics.Vec{X: -1, Y: 0}, physics.Vec{X: -250, Y: -160}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, physics.Plugin{}, glue.Options{})
			s.walls(200, 400, 2)
			s.spawn("ball", ball(100, 200, tc.v.X, tc.v.Y, 3)...)
			c := s.runUntilContact("ball")
			if !near(c.Normal, tc.n, 1e-12) || !c.Bounced || c.Sensor || c.Depth <= 0 || c.Depth > 1.5 {
				t.Errorf("contact %+v, want normal %v, bounced, depth in (0, 1.5]", c, tc.n)
			}
			if got := s.body("ball").Vel; got != tc.out {
				t.Errorf("velocity after the bounce %v, want %v", got, tc.out)
			}
		})
	}
}

func TestBounceOffSlopes(t *testing.T) {
	for _, tc := range []struct {
		name string
		pts  []physics.Vec // a triangle whose hypotenuse faces up-left
		n    physics.Vec   // the hypotenuse's outward normal
	}{
		{"45°", []physics.Vec{{X: -50, Y: 50}, {X: 50, Y: -50}, {X: 50, Y: 50}}, physics.Vec{X: -1, Y: -1}.Unit()},
		{"30°", []physics.Vec{{X: -52, Y: 30}, {X: 52, Y: -30}, {X: 52, Y: 30}}, physics.Vec{X: -60, Y: -104}.Unit()},
		{"30° counter-clockwise", []physics.Vec{{X: 52, Y: 30}, {X: 52, Y: -30}, {X: -52, Y: 30}}, physics.Vec{X: -60, Y: -104}.Unit()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, physics.Plugin{}, glue.Options{})
			s.spawn("ramp", physics.Body{Pos: physics.Vec{X: 100, Y: 300}}, physics.Collider{Shape: physics.Polygon(tc.pts...)}, physics.Static{})
			v := physics.Vec{X: 0, Y: 300}
			s.spawn("ball", ball(105, 150, v.X, v.Y, 3)...)
			c := s.runUntilContact("ball")
			if !near(c.Normal, tc.n, 1e-9) || !c.Bounced {
				t.Fatalf("contact %+v, want normal %v", c, tc.n)
			}
			want := physics.Reflect(v, tc.n)
			got := s.body("ball").Vel
			if !near(got, want, 1e-9) {
				t.Errorf("velocity after the bounce %v, want %v", got, want)
			}
			// Angle of incidence equals angle of reflection.
			in, out := math.Acos(-v.Unit().Dot(tc.n)), math.Acos(got.Unit().Dot(tc.n))
			if math.Abs(in-out) > 1e-9 {
				t.Errorf("angle in %.6f rad, out %.6f rad", in, out)
			}
		})
	}
}

func TestPushOutLeavesNoOverlap(t *testing.T) {
	const r = 4.0
	// A static 20x10 brick at [40,60]x[40,50] and a static circle of
	// radius 5 at (150, 45); still balls placed overlapping them.
	cases := []struct {
		pos  physics.Vec
		push physics.Vec // the direction the ball must move
	}{
		{physics.Vec{X: 50, Y: 37}, physics.Vec{X: 0, Y: -1}},   // over the top face, 1 deep
		{physics.Vec{X: 50, Y: 53}, physics.Vec{X: 0, Y: 1}},    // under the bottom face
		{physics.Vec{X: 37.5, Y: 45}, physics.Vec{X: -1, Y: 0}}, // left face
		{physics.Vec{X: 62, Y: 44}, physics.Vec{X: 1, Y: 0}},    // right face, 2 deep
		{physics.Vec{X: 38, Y: 38}, physics.Vec{X: -1, Y: -1}},  // top-left corner
		{physics.Vec{X: 62, Y: 52}, physics.Vec{X: 1, Y: 1}},    // bottom-right corner
		{physics.Vec{X: 43, Y: 46}, physics.Vec{X: -1, Y: 0}},   // center inside, nearest the left face
		{physics.Vec{X: 55, Y: 41}, physics.Vec{X: 0, Y: -1}},   // center inside, nearest the top face
		{physics.Vec{X: 50, Y: 40}, physics.Vec{X: 0, Y: -1}},   // center on the top face
		{physics.Vec{X: 153, Y: 49}, physics.Vec{X: 3, Y: 4}},   // overlapping the circle
		{physics.Vec{X: 151, Y: 45}, physics.Vec{X: 1, Y: 0}},   // center inside the circle
	}
	for i, tc := range cases {
		t.Run(fmt.Sprint(tc.pos), func(t *testing.T) {
			s := newSim(t, physics.Plugin{}, glue.Options{})
			s.spawn("brick", box(40, 40, 60, 50)...)
			s.spawn("bumper", physics.Body{Pos: physics.Vec{X: 150, Y: 45}}, physics.Collider{Shape: physics.Circle(5)}, physics.Static{})
			s.spawn("ball", ball(tc.pos.X, tc.pos.Y, 0, 0, r)...)
			s.tick(1)
			p := s.body("ball").Pos
			if d := distToRect(p, 40, 40, 60, 50); d < r-1e-9 {
				t.Errorf("case %d: ball at %v still overlaps the brick (distance %g < %g)", i, p, d, r)
			}
			if d := p.Sub(physics.Vec{X: 150, Y: 45}).Len(); d < r+5-1e-9 {
				t.Errorf("case %d: ball at %v still overlaps the bumper (distance %g)", i, p, d)
			}
			moved := p.Sub(tc.pos)
			if moved.Unit().Dot(tc.push.Unit()) < 1-1e-9 {
				t.Errorf("case %d: pushed by %v, want along %v", i, moved, tc.push)
			}
			cs := s.contactsOf("ball")
			if len(cs) != 1 || cs[0].Bounced || cs[0].Depth <= 0 {
				t.Fatalf("case %d: contacts %+v, want one, not bounced (the ball is still)", i, cs)
			}
			if mtv := cs[0].MTV(); math.Abs(mtv.Len()-moved.Len()) > 1e-5 {
				t.Errorf("case %d: moved %v, MTV %v", i, moved, mtv)
			}
		})
	}
}

// TestNoTunnelling throws rows of balls at a floor — a 10 px row of
// bricks (with seams), and walls 2 px and 1 px thick — at many angles and
// sub-pixel phases, at 300 px/s and faster, and checks that no ball ever
// ends a tick overlapping the floor or beyond it.
func TestNoTunnelling(t *testing.T) {
	for _, speed := range []float64{300, 1000, 5000} {
		for _, th := range []float64{10, 2, 1} {
			for _, r := range []float64{3, 4} {
				t.Run(fmt.Sprintf("speed=%g/thickness=%g/radius=%g", speed, th, r), func(t *testing.T) {
					testNoTunnelling(t, speed, th, r)
				})
			}
		}
	}
}

func testNoTunnelling(t *testing.T, speed, th, r float64) {
	const top = 300.0 // the floor's top face
	s := newSim(t, physics.Plugin{}, glue.Options{})
	if th == 10 {
		for x := -1000.0; x < 8000; x += 20 {
			s.spawn(fmt.Sprintf("brick%g", x), box(x, top, x+20, top+th)...)
		}
	} else {
		s.spawn("floor", box(-1000, top, 8000, top+th)...)
	}
	n := 0
	for a := -75.0; a <= 75; a += 7.5 { // angle from straight down
		for phase := 0.0; phase < 1; phase += 0.0625 { // of a tick's travel
			rad := a * math.Pi / 180
			v := physics.Vec{X: speed * math.Sin(rad), Y: speed * math.Cos(rad)}
			// Start 1 to 2 ticks' travel before touching the floor.
			touch := physics.Vec{X: float64(n)*20 + 0.37*phase, Y: top - r}
			start := touch.Sub(v.Scale((1 + phase) / 60))
			s.spawn(fmt.Sprint("ball", n), ball(start.X, start.Y, v.X, v.Y, r)...)
			n++
		}
	}
	for tick := range 10 {
		s.tick(1)
		for i := range n {
			b := s.body(fmt.Sprint("ball", i))
			if b.Pos.Y > top-r+1e-6 {
				t.Fatalf("tick %d: ball %d at %v (velocity %v) is in or beyond the floor at y = %g", tick, i, b.Pos, b.Vel, top)
			}
		}
	}
	for i := range n {
		if b := s.body(fmt.Sprint("ball", i)); b.Vel.Y >= 0 {
			t.Errorf("ball %d never bounced: velocity %v at %v", i, b.Vel, b.Pos)
		}
	}
}

// TestTwoBricksOneBounce hits the seam between two bricks and checks that
// the ball bounces once — reflected, not reflected twice back into them.
func TestTwoBricksOneBounce(t *testing.T) {
	const r = 3.0
	for _, tc := range []struct {
		name string
		x    float64
		v    physics.Vec
	}{
		{"straight at the seam", 20, physics.Vec{X: 0, Y: -300}},
		{"1 px right of the seam", 21, physics.Vec{X: 60, Y: -290}},
		{"1 px left of the seam", 19, physics.Vec{X: -60, Y: -290}},
		{"across the seam", 14, physics.Vec{X: 150, Y: -260}},
		{"across the seam, leftwards", 26, physics.Vec{X: -212, Y: -212}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, physics.Plugin{}, glue.Options{})
			s.spawn("A", box(0, 0, 20, 10)...)
			s.spawn("B", box(20, 0, 40, 10)...)
			// Start so that the ball reaches the seam's face (y = 10) at
			// x == tc.x, a little over a tick away.
			d := 1.3 / 60
			s.spawn("ball", ball(tc.x-tc.v.X*d, 10+r-tc.v.Y*d, tc.v.X, tc.v.Y, r)...)
			s.runUntilContact("ball")
			cs := s.contactsOf("ball")
			bounces := 0
			for _, c := range cs {
				if c.Bounced {
					bounces++
				}
				if c.Normal.Y <= 0 {
					t.Errorf("contact with %s has normal %v; want one pointing down", s.nameOf(c.B), c.Normal)
				}
			}
			want := physics.Vec{X: tc.v.X, Y: -tc.v.Y}
			if got := s.body("ball").Vel; bounces != 1 || !near(got, want, 1e-9) {
				t.Fatalf("contacts %+v, velocity %v; want one bounce to %v", cs, got, want)
			}
			for range 20 {
				s.tick(1)
				b := s.body("ball")
				if len(s.contacts) > 0 || b.Vel != want {
					t.Fatalf("after the bounce: contacts %+v, velocity %v", s.contacts, b.Vel)
				}
			}
		})
	}
}

func TestConcaveCornerBouncesBothWays(t *testing.T) {
	s := newSim(t, physics.Plugin{}, glue.Options{})
	s.spawn("ceiling", box(0, 0, 20, 10)...)
	s.spawn("wall", box(20, 0, 30, 40)...)
	s.spawn("ball", ball(2, 30, 200, -200, 3)...)
	for range 60 {
		s.tick(1)
	}
	if got, want := s.body("ball").Vel, (physics.Vec{X: -200, Y: 200}); !near(got, want, 1e-9) {
		t.Errorf("velocity after the corner %v, want %v", got, want)
	}
}

// TestClosedBox bounces a ball for 100,000 ticks in a box of 1 px walls
// with 36 bricks in it, and checks that it never leaves the box, never
// ends a tick inside a brick, and keeps its speed.
func TestClosedBox(t *testing.T) {
	ticks := 100_000
	if testing.Short() {
		ticks = 10_000
	}
	const w, h, r = 200.0, 400.0, 3.0
	s := newSim(t, physics.Plugin{}, glue.Options{})
	s.walls(w, h, 1)
	type rect struct{ x0, y0, x1, y1 float64 }
	var bricks []rect
	for i := range 36 {
		x, y := 10+float64(i%6)*30, 60+float64(i/6)*16
		bricks = append(bricks, rect{x, y, x + 20, y + 10})
		s.spawn(fmt.Sprint("brick", i), box(x, y, x+20, y+10)...)
	}
	v := physics.Vec{X: 300 * math.Sin(0.6473), Y: -300 * math.Cos(0.6473)}
	s.spawn("ball", ball(103.3, 350, v.X, v.Y, r)...)
	var fail string
	var hits int
	s.app.AddSystems(logic, glue.Func(func(p struct {
		Q glue.Query1[*physics.Body]
		C glue.Res[physics.Contacts]
	}) {
		hits += len(p.C.Get().List)
		p.Q.Each(func(_ glue.Entity, b *physics.Body) {
			if b.Vel == (physics.Vec{}) || fail != "" {
				return // the bricks and walls
			}
			p := b.Pos
			if p.X < r-1e-6 || p.X > w-r+1e-6 || p.Y < r-1e-6 || p.Y > h-r+1e-6 {
				fail = fmt.Sprintf("ball at %v left the box", p)
			}
			for i, k := range bricks {
				if d := distToRect(p, k.x0, k.y0, k.x1, k.y1); d < r-1e-6 {
					fail = fmt.Sprintf("ball at %v is inside brick %d", p, i)
				}
			}
		})
	}).Named("test.CheckBox"))
	for i := range ticks {
		if err := s.app.Update(); err != nil {
			t.Fatal(err)
		}
		if fail != "" {
			t.Fatalf("tick %d: %s; contacts %+v", i, fail, s.contacts)
		}
	}
	if got := s.body("ball").Vel.Len(); math.Abs(got-300) > 1e-6 {
		t.Errorf("speed after %d ticks = %.12f, want 300", ticks, got)
	}
	if hits < ticks/100 {
		t.Errorf("only %d contacts in %d ticks: the ball is not bouncing around", hits, ticks)
	}
}

// TestTunnellingWithoutSubsteps is the control for TestNoTunnelling: with
// sub-stepping disabled (one step per tick), a fast ball does pass
// through a thin wall, so the scenes above would catch a regression.
func TestTunnellingWithoutSubsteps(t *testing.T) {
	s := newSim(t, physics.Plugin{MaxStep: 1e9}, glue.Options{})
	s.spawn("floor", box(-100, 300, 100, 301)...)
	s.spawn("ball", ball(0, 262, 0, 3000, 3)...) // 50 px per tick: 312 after one
	s.tick(3)
	if y := s.body("ball").Pos.Y; y < 301 {
		t.Fatalf("ball at y = %g: it did not tunnel with MaxStep 1e9; the tunnelling tests prove nothing", y)
	}
	// The same ball with the default MaxStep bounces.
	s2 := newSim(t, physics.Plugin{}, glue.Options{})
	s2.spawn("floor", box(-100, 300, 100, 301)...)
	s2.spawn("ball", ball(0, 262, 0, 3000, 3)...)
	s2.tick(3)
	if b := s2.body("ball"); b.Pos.Y > 297 || b.Vel.Y > 0 {
		t.Fatalf("ball %+v: tunnelled with the default MaxStep", b)
	}
}
