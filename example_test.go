package glue_test

import (
	"fmt"
	"strings"

	"github.com/gluekit/glue"
)

// The examples' own stages, run after glue.Update.
const (
	Move   glue.Stage = "Move"
	Report glue.Stage = "Report"
)

type Position struct{ X, Y float64 }
type Velocity struct{ DX, DY float64 }

// Frozen tags entities that do not move.
type Frozen struct{}

// Gravity is a resource.
type Gravity struct{ G float64 }

// A complete app: stages, a resource, a startup system that spawns
// entities, an entity system and a global system that ends the app.
func ExampleNewApp() {
	app := glue.NewApp()
	app.AddStagesAfter(glue.Update, Move, Report)
	app.InsertResource(Gravity{G: -1})

	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(Position{0, 10}, Velocity{1, 0})
		cmds.Spawn(Position{5, 5}, Velocity{0, 0}, Frozen{})
	}))
	app.AddSystems(Move, glue.Each2P(func(_ glue.Entity, p *Position, v *Velocity, g glue.Res[Gravity]) {
		v.DY += g.Get().G
		p.X += v.DX
		p.Y += v.DY
	}).Without(glue.TypeOf[Frozen]()))
	app.AddSystems(Report, glue.Func(func(p struct {
		Positions glue.Query1[*Position]
		Cmds      glue.Commands
	}) {
		p.Positions.Each(func(_ glue.Entity, pos *Position) { fmt.Printf("(%g, %g) ", pos.X, pos.Y) })
		fmt.Println()
		p.Cmds.End()
	}))

	if err := app.Run(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// (1, 9) (5, 5)
}

// A global system takes one param, or a struct of any number of params;
// their types say what it reads and writes.
func ExampleFunc() {
	type Score struct{ Points int }
	type Bonus struct{ Points int }

	app := glue.NewApp()
	app.InsertResource(Score{})
	app.InsertResource(Bonus{Points: 10})
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Score glue.ResMut[Score]
		Bonus glue.Res[Bonus]
	}) {
		p.Score.Get().Points += p.Bonus.Get().Points
	}))
	for range 3 {
		app.Update()
	}
	app.Close()
	fmt.Println(glue.Resource[Score](app).Points)
	// Output: 30
}

// An entity system gets the entity and pointers to its components. Each2:
// two components.
func ExampleEach2() {
	app := glue.NewApp()
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(Position{}, Velocity{DX: 2})
	}))
	app.AddSystems(glue.Update, glue.Each2(func(_ glue.Entity, p *Position, v *Velocity) {
		p.X += v.DX
	}))
	for range 3 {
		app.Update()
	}
	app.Close()
	fmt.Println(app.Len(), "entity moved")
	// Output: 1 entity moved
}

// With params, an entity system's last parameter is a param or a struct of
// params. Each2P: two components, then params.
func ExampleEach2P() {
	app := glue.NewApp()
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(Position{}, Velocity{DX: 2})
	}))
	app.AddSystems(glue.Update, glue.Each2P(func(e glue.Entity, p *Position, v *Velocity, cmds glue.Commands) {
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
	app := glue.NewApp()
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(Position{X: 3, Y: 4}, Target{})
		cmds.Spawn(Position{X: 0, Y: 0}, Velocity{})
	}))
	app.AddSystems(glue.Update, glue.Each2P(func(_ glue.Entity, p *Position, _ *Velocity, targets glue.Query2[*Position, *Target]) {
		targets.Each(func(_ glue.Entity, t *Position, _ *Target) {
			fmt.Printf("target at distance² %g\n", (t.X-p.X)*(t.X-p.X)+(t.Y-p.Y)*(t.Y-p.Y))
		})
	}))
	app.Update()
	app.Close()
	// Output: target at distance² 25
}

// Commands are deferred: what a system spawns appears in the next stage.
func ExampleCommands() {
	type Counted struct {
		Cmds      glue.Commands
		Positions glue.Query1[*Position]
	}
	app := glue.NewApp()
	app.AddStagesAfter(glue.Update, Move, Report)
	app.AddSystems(Move, glue.Func(func(p Counted) {
		p.Cmds.Spawn(Position{})
		fmt.Println("Move sees", p.Positions.Len())
	}))
	app.AddSystems(Report, glue.Func(func(p Counted) {
		fmt.Println("Report sees", p.Positions.Len())
		p.Cmds.End()
	}))
	app.Run()
	// Output:
	// Move sees 0
	// Report sees 1
}

// A Batch system's parameter types say its access: a Column writes its
// component (At(i) is a pointer, Slice the storage itself), a View reads
// it (At(i) is a copy).
func ExampleBatch2() {
	app := glue.NewApp()
	app.AddStagesAfter(glue.Update, Move, Report)
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		for i := range 3 {
			cmds.Spawn(Position{X: float64(i)}, Velocity{DX: 1, DY: float64(i)})
		}
	}))
	app.AddSystems(Move, glue.Batch2(func(ents glue.Entities, ps glue.Column[Position], vs glue.View[Velocity]) {
		s := ps.Slice()
		for i := range s {
			v := vs.At(i)
			s[i].X += v.DX
			s[i].Y += v.DY
		}
	}))
	app.AddSystems(Report, glue.Func(func(q glue.Query1[Position]) {
		q.Each(func(_ glue.Entity, p Position) { fmt.Printf("(%g, %g) ", p.X, p.Y) })
		fmt.Println()
	}))
	app.Update()
	app.Close()
	// Output:
	// (1, 0) (2, 1) (3, 2)
}

// A Batch system gets a whole batch of entities at once and loops itself,
// so the loop body is inlined: the fastest way to run light per-entity
// work over many entities. Batch2P: two components, then params.
func ExampleBatch2P() {
	app := glue.NewApp()
	app.AddStagesAfter(glue.Update, Move, Report)
	app.InsertResource(Gravity{G: -1})
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		for i := range 3 {
			cmds.Spawn(Position{X: float64(i)}, Velocity{DX: 1})
		}
	}))
	app.AddSystems(Move, glue.Batch2P(func(ents glue.Entities, ps glue.Column[Position], vs glue.Column[Velocity], g glue.Res[Gravity]) {
		for i := range ents.Len() {
			p, v := ps.At(i), vs.At(i)
			v.DY += g.Get().G
			p.X += v.DX
			p.Y += v.DY
		}
	}))
	app.AddSystems(Report, glue.Func(func(q glue.Query1[*Position]) {
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

// Describe prints the whole order of a tick, and per stage the systems,
// their access and which of them may run together.
func ExampleApp_Describe() {
	app := glue.NewApp()
	app.Configure(glue.Options{Workers: 2})
	app.AddStagesAfter(glue.Update, Move)
	app.AddSystems(Move,
		glue.Each1(func(_ glue.Entity, p *Position) {}).Named("A"),
		glue.Each1(func(_ glue.Entity, v *Velocity) {}).Named("B"),
	)
	fmt.Print(app.Describe())
	// Output:
	// Tick (App.Update): First → PreUpdate → StateTransition → Update → Move → PostUpdate → Last
	// Frame (App.Draw):  PreDraw → Draw → PostDraw
	// Scheduler: parallel, 2 workers
	//
	// Stage Move (update):
	//   group 1 — may run in parallel
	//     A                                entity system over glue_test.Position (splittable), module github.com/gluekit/glue_test
	//         writes glue_test.Position
	//     B                                entity system over glue_test.Velocity (splittable), module github.com/gluekit/glue_test
	//         writes glue_test.Velocity
}
