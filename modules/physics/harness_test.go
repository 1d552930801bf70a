package physics_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
)

// The test games' stages, after glue.Update.
const (
	input glue.Stage = "Input"
	phys  glue.Stage = "Physics"
	logic glue.Stage = "Logic"
)

// newApp returns an app with the test games' stages.
func newApp(opts glue.Options) *glue.App {
	app := glue.NewApp().Configure(opts)
	app.AddStagesAfter(glue.Update, input, phys, logic)
	return app
}

// Name tags test entities so that tests can find them.
type Name string

// sim is a headless test game: a physics plugin plus systems that spawn
// and despawn what the test asks for (in Input) and snapshot bodies and
// contacts (in Logic).
type sim struct {
	t        testing.TB
	app      *glue.App
	queue    [][]any
	kill     []string
	edit     map[string]func(*physics.Body)
	ents     map[string]glue.Entity
	bodies   map[string]physics.Body
	contacts []physics.Contact
	onLogic  func(glue.Commands)
	logic    *glue.System
}

func newSim(t testing.TB, p physics.Plugin, opts glue.Options) *sim {
	s := &sim{t: t, edit: map[string]func(*physics.Body){}, ents: map[string]glue.Entity{}, bodies: map[string]physics.Body{}}
	p.Stage = phys
	s.app = newApp(opts)
	s.app.AddPlugins(p)
	s.app.AddSystems(input, glue.Func(func(p struct {
		Cmds glue.Commands
		Q    glue.Query2[*Name, *physics.Body]
	}) {
		cmds, q := p.Cmds, p.Q
		for _, vs := range s.queue {
			cmds.Spawn(vs...)
		}
		s.queue = s.queue[:0]
		q.Each(func(e glue.Entity, n *Name, b *physics.Body) {
			if f := s.edit[string(*n)]; f != nil {
				f(b)
			}
		})
		clear(s.edit)
		for _, n := range s.kill {
			cmds.Despawn(s.ents[n])
		}
		s.kill = s.kill[:0]
	}).Named("test.Input"))
	s.logic = glue.Func(func(p struct {
		Cmds glue.Commands
		Q    glue.Query2[*Name, *physics.Body]
		C    glue.Res[physics.Contacts]
	}) {
		cmds, q, c := p.Cmds, p.Q, p.C
		clear(s.bodies)
		q.Each(func(e glue.Entity, n *Name, b *physics.Body) {
			s.bodies[string(*n)] = *b
			s.ents[string(*n)] = e
		})
		s.contacts = append(s.contacts[:0], c.Get().List...)
		if s.onLogic != nil {
			s.onLogic(cmds)
		}
	}).Named("test.Logic")
	s.app.AddSystems(logic, s.logic)
	t.Cleanup(s.app.Close)
	return s
}

// spawn queues an entity for the next tick's Input stage.
func (s *sim) spawn(name string, vs ...any) {
	s.queue = append(s.queue, append([]any{Name(name)}, vs...))
}

// tick runs n ticks and fails the test on error.
func (s *sim) tick(n int) {
	s.t.Helper()
	for range n {
		if err := s.app.Update(); err != nil {
			s.t.Fatalf("Update: %v", err)
		}
	}
}

func (s *sim) body(name string) physics.Body {
	s.t.Helper()
	b, ok := s.bodies[name]
	if !ok {
		s.t.Fatalf("no body %q", name)
	}
	return b
}

// contactsOf returns the last tick's contacts with A == the named entity.
func (s *sim) contactsOf(name string) []physics.Contact {
	var out []physics.Contact
	for _, c := range s.contacts {
		if c.A == s.ents[name] {
			out = append(out, c)
		}
	}
	return out
}

func (s *sim) nameOf(e glue.Entity) string {
	for n, x := range s.ents {
		if x == e {
			return n
		}
	}
	return fmt.Sprint(e)
}

func (s *sim) space() *physics.Space { return glue.Resource[physics.Space](s.app) }

// Scene pieces.

func ball(x, y, vx, vy, r float64) []any {
	return []any{physics.Body{Pos: physics.Vec{X: x, Y: y}, Vel: physics.Vec{X: vx, Y: vy}},
		physics.Collider{Shape: physics.Circle(r)}, physics.Bouncy{}}
}

// box returns a static rectangle with corners (x0, y0) and (x1, y1).
func box(x0, y0, x1, y1 float64) []any {
	return []any{physics.Body{Pos: physics.Vec{X: (x0 + x1) / 2, Y: (y0 + y1) / 2}},
		physics.Collider{Shape: physics.Rect(x1-x0, y1-y0)}, physics.Static{}}
}

// walls spawns four static walls of thickness th just outside the field
// [0, w] x [0, h].
func (s *sim) walls(w, h, th float64) {
	s.spawn("top", box(-th, -th, w+th, 0)...)
	s.spawn("bottom", box(-th, h, w+th, h+th)...)
	s.spawn("left", box(-th, 0, 0, h)...)
	s.spawn("right", box(w, 0, w+th, h)...)
}

// distToRect returns the distance from p to the rectangle [x0,x1]x[y0,y1]
// (0 inside).
func distToRect(p physics.Vec, x0, y0, x1, y1 float64) float64 {
	dx := max(x0-p.X, 0, p.X-x1)
	dy := max(y0-p.Y, 0, p.Y-y1)
	return math.Hypot(dx, dy)
}

func near(a, b physics.Vec, tol float64) bool {
	return math.Abs(a.X-b.X) <= tol && math.Abs(a.Y-b.Y) <= tol
}
