package glue_test

import (
	"fmt"

	"github.com/gluekit/glue"
)

// Events: a writer and a reader of BrickHit. What a system writes becomes
// readable when its stage ends; each reader sees each event once.
func ExampleWriter() {
	type BrickHit struct{ Points int }
	type Score struct{ Points int }

	app := glue.NewApp()
	app.InsertResource(Score{})
	app.AddSystems(glue.Update, glue.Func(func(hits glue.Writer[BrickHit]) {
		hits.Write(BrickHit{Points: 10})
		hits.Write(BrickHit{Points: 5})
	}))
	app.AddSystems(glue.PostUpdate, glue.Func(func(p struct {
		Hits  glue.Reader[BrickHit]
		Score glue.ResMut[Score]
	}) {
		for _, h := range p.Hits.Read() {
			p.Score.Get().Points += h.Points
		}
	}))
	app.Update()
	app.Update()
	app.Close()
	fmt.Println(glue.Resource[Score](app).Points)
	// Output: 30
}

// States: a phase machine with systems on entering a state, a system that
// runs only in one state, and entities scoped to a state.
func ExampleAddState() {
	type Phase int
	const (
		Menu Phase = iota
		Play
	)
	app := glue.NewApp()
	glue.AddState(app, Menu)
	app.AddSystems(glue.OnEnter(Menu), glue.Func(func(c glue.Commands) {
		c.Spawn(Position{}, glue.StateScoped[Phase]{State: Menu}) // the menu's title
		fmt.Println("menu")
	}))
	app.AddSystems(glue.OnEnter(Play), glue.Func(func(struct{}) { fmt.Println("play") }))
	app.AddSystems(glue.Update,
		glue.Func(func(next glue.ResMut[glue.NextState[Phase]]) {
			next.Get().Set(Play) // a key press, say
		}).RunIf(glue.InState(Menu)),
		glue.Func(func(c glue.Commands) { c.End() }).RunIf(glue.InState(Play)),
	)
	app.Run()
	fmt.Println(app.Len(), "entities")
	// Output:
	// menu
	// play
	// 0 entities
}

// Spawn returns the new entity at once, so a system can link entities it
// creates in one go: here a turret mounted on a ship.
func ExampleCommands_Spawn() {
	type Ship struct{ Name string }
	type Turret struct{ Mount glue.Entity }

	app := glue.NewApp()
	app.AddStartup(glue.Func(func(c glue.Commands) {
		ship := c.Spawn(Ship{Name: "Aurora"})
		c.Spawn(Turret{Mount: ship})
	}))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Turrets glue.Query1[*Turret]
		Ships   glue.Query1[*Ship]
	}) {
		p.Turrets.Each(func(_ glue.Entity, t *Turret) {
			if s, ok := p.Ships.Get(t.Mount); ok {
				fmt.Println("turret mounted on", s.Name)
			}
		})
	}))
	app.Update()
	// Output: turret mounted on Aurora
}
