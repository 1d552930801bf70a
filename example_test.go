package glue_test

import (
	"fmt"
	"strings"

	"github.com/gluekit/glue"
)

// The stages of the examples' tick.
type Step int

const (
	Move Step = iota
	Report
)

func (s Step) String() string { return [...]string{"Move", "Report"}[s] }

type Position struct{ X, Y float64 }
type Velocity struct{ DX, DY float64 }

// Frozen tags entities that do not move.
type Frozen struct{}

// Gravity is a resource.
type Gravity struct{ G float64 }

// A complete app: stages, a resource, a startup system that spawns
// entities, an entity system and a global system that ends the app.
func ExampleNewApp() {
	app := glue.NewApp(Move, Report)
	app.InsertResource(Gravity{G: -1})

	app.AddStartup(glue.System1(func(cmds glue.Commands) {
		cmds.Spawn(Position{0, 10}, Velocity{1, 0})
		cmds.Spawn(Position{5, 5}, Velocity{0, 0}, Frozen{})
	}))
	app.AddSystems(Move, glue.Each2P1(func(_ glue.Entity, p *Position, v *Velocity, g glue.Res[Gravity]) {
		v.DY += g.Get().G
		p.X += v.DX
		p.Y += v.DY
	}).Without(glue.TypeOf[Frozen]()))
	app.AddSystems(Report, glue.System2(func(q glue.Query1[Position], cmds glue.Commands) {
		q.Each(func(_ glue.Entity, p *Position) { fmt.Printf("(%g, %g) ", p.X, p.Y) })
		fmt.Println()
		if p := q.Len(); p > 0 {
			cmds.End()
		}
	}).ReadOnly(glue.TypeOf[Position]()))

	if err := app.Run(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// (1, 9) (5, 5)
}

// A global system takes system params only; their types say what it reads
// and writes.
func ExampleSystem2() {
	type Score struct{ Points int }
	type Bonus struct{ Points int }

	app := glue.NewApp(Move)
	app.InsertResource(Score{})
	app.InsertResource(Bonus{Points: 10})
	app.AddSystems(Move, glue.System2(func(s glue.ResMut[Score], b glue.Res[Bonus]) {
		s.Get().Points += b.Get().Points
	}))
	for range 3 {
		app.Update()
	}
	app.Close()
	fmt.Println(glue.Resource[Score](app).Points)
	// Output: 30
}

// An entity system gets the entity, pointers to its declared components,
// then its params. Each2P1: two components, one param.
func ExampleEach2P1() {
	app := glue.NewApp(Move)
	app.AddStartup(glue.System1(func(cmds glue.Commands) {
		cmds.Spawn(Position{}, Velocity{DX: 2})
	}))
	app.AddSystems(Move, glue.Each2P1(func(e glue.Entity, p *Position, v *Velocity, cmds glue.Commands) {
		p.X += v.DX
		if p.X >= 6 {
			fmt.Println("reached", p.X)
			cmds.Despawn(e)
			cmds.End()
		}
	}))
	if err := app.Run(); err != nil {
		fmt.Println(err)
	}
	fmt.Println("entities left:", app.Len())
	// Output:
	// reached 6
	// entities left: 0
}

// A query param lets a system visit and look up other entities than the
// one an entity system is visiting.
func ExampleQuery2() {
	type Target struct{}
	app := glue.NewApp(Move)
	app.AddStartup(glue.System1(func(cmds glue.Commands) {
		cmds.Spawn(Position{X: 3, Y: 4}, Target{})
		cmds.Spawn(Position{X: 0, Y: 0}, Velocity{})
	}))
	app.AddSystems(Move, glue.Each2P1(func(_ glue.Entity, p *Position, _ *Velocity, targets glue.Query2[Position, Target]) {
		targets.Each(func(_ glue.Entity, t *Position, _ *Target) {
			fmt.Printf("target at distance² %g\n", (t.X-p.X)*(t.X-p.X)+(t.Y-p.Y)*(t.Y-p.Y))
		})
	}).ReadOnly(glue.TypeOf[Position]()))
	app.Update()
	app.Close()
	// Output: target at distance² 25
}

// Commands are deferred: what a system spawns appears in the next stage.
func ExampleCommands() {
	app := glue.NewApp(Move, Report)
	app.AddSystems(Move, glue.System2(func(cmds glue.Commands, q glue.Query1[Position]) {
		cmds.Spawn(Position{})
		fmt.Println("Move sees", q.Len())
	}))
	app.AddSystems(Report, glue.System2(func(cmds glue.Commands, q glue.Query1[Position]) {
		fmt.Println("Report sees", q.Len())
		cmds.End()
	}))
	app.Run()
	// Output:
	// Move sees 0
	// Report sees 1
}

// Describe prints the schedule: stages, systems, their access and which
// systems may run together.
func ExampleApp_Describe() {
	app := glue.NewApp(Move)
	app.Configure(glue.Options{Workers: 2})
	app.AddSystems(Move,
		glue.Each1(func(_ glue.Entity, p *Position) {}).Named("A"),
		glue.Each1(func(_ glue.Entity, v *Velocity) {}).Named("B"),
	)
	fmt.Print(app.Describe())
	// Output:
	// Stages, in tick order: Move
	// Scheduler: parallel, 2 workers
	//
	// Stage Move (update thread):
	//   group 1 — may run in parallel
	//     A                                entity system over glue_test.Position (splittable), module github.com/gluekit/glue_test
	//         writes glue_test.Position
	//     B                                entity system over glue_test.Velocity (splittable), module github.com/gluekit/glue_test
	//         writes glue_test.Velocity
}

// A Batch system gets a whole batch of entities at once and loops itself,
// so the loop body is inlined: the fastest way to run light per-entity
// work over many entities. Batch2P1: two components, one param.
func ExampleBatch2P1() {
	app := glue.NewApp(Move, Report)
	app.InsertResource(Gravity{G: -1})
	app.AddStartup(glue.System1(func(cmds glue.Commands) {
		for i := range 3 {
			cmds.Spawn(Position{X: float64(i)}, Velocity{DX: 1})
		}
	}))
	app.AddSystems(Move, glue.Batch2P1(func(ents []glue.Entity, ps []*Position, vs []*Velocity, g glue.Res[Gravity]) {
		for i := range ents {
			p, v := ps[i], vs[i]
			v.DY += g.Get().G
			p.X += v.DX
			p.Y += v.DY
		}
	}))
	app.AddSystems(Report, glue.System1(func(q glue.View1[Position]) {
		var out []string
		q.Each(func(_ glue.Entity, p *Position) { out = append(out, fmt.Sprintf("(%g, %g)", p.X, p.Y)) })
		fmt.Println(strings.Join(out, " "))
	}))
	app.Update()
	app.Update()
	app.Close()
	// Output:
	// (1, -1) (2, -1) (3, -1)
	// (2, -3) (3, -3) (4, -3)
}
