package physics_test

import (
	"fmt"
	"github.com/gluekit/glue/modules/transform"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
)

// The example game's stages, after glue.Update: physics steps, then the
// rules react to its contacts in the same tick.
const (
	Physics glue.Stage = "Physics"
	Rules   glue.Stage = "Rules"
)

// Brick is the example's brick component.
type Brick struct{ Points int }

// Score is the example's score resource.
type Score struct{ Points int }

// HitBricks (Rules) despawns every brick the ball touched and scores it:
// physics reports, the game decides.
func HitBricks(p struct {
	Cmds     glue.Commands
	Contacts glue.Res[physics.Contacts]
	Bricks   glue.Query1[*Brick]
	Score    glue.ResMut[Score]
	Tick     glue.Local[int]
}) {
	cmds, contacts, bricks, score, tick := p.Cmds, p.Contacts, p.Bricks, p.Score, p.Tick
	*tick.Get()++
	for _, c := range contacts.Get().List {
		if b, ok := bricks.Get(c.B); ok {
			score.Get().Points += b.Points
			cmds.Despawn(c.B)
			fmt.Printf("tick %d: brick worth %d hit, normal (%.2f, %.2f), bounced %v\n", *tick.Get(), b.Points, c.Normal.X, c.Normal.Y, c.Bounced)
		}
	}
	if bricks.Len() == 0 {
		cmds.End()
	}
}

// Example plays a tiny breakout: a ball bounces in a walled 100x100 field
// until it has hit all three bricks.
func Example() {
	app := glue.NewApp()
	app.AddStagesAfter(glue.Update, Physics, Rules)
	app.AddPlugins(physics.Plugin{Stage: Physics})
	app.InsertResource(Score{})
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		static := func(x, y, w, h float64) []any {
			return []any{physics.Body{Pos: physics.Vec{X: x, Y: y}}, physics.Collider{Shape: physics.Rect(w, h)}, physics.Static{}}
		}
		cmds.Spawn(static(50, -1, 102, 2)...)  // top wall
		cmds.Spawn(static(50, 101, 102, 2)...) // bottom wall
		cmds.Spawn(static(-1, 50, 2, 100)...)  // left wall
		cmds.Spawn(static(101, 50, 2, 100)...) // right wall
		for i, x := range []float64{20, 50, 80} {
			cmds.Spawn(append(static(x, 20, 20, 10), Brick{Points: 10 * (i + 1)})...)
		}
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 50, Y: 90}, Vel: physics.Vec{X: 120, Y: -240}},
			physics.Collider{Shape: physics.Circle(3)}, physics.Bouncy{})
	}).Named("example.Spawn"))
	app.AddSystems(Rules, glue.Func(HitBricks))
	if err := app.Run(); err != nil {
		fmt.Println(err)
	}
	fmt.Println("score:", glue.Resource[Score](app).Points, "after", app.Tick(), "ticks")
	// Output:
	// tick 16: brick worth 30 hit, normal (0.00, 1.00), bounced true
	// tick 51: brick worth 20 hit, normal (0.00, 1.00), bounced true
	// tick 86: brick worth 10 hit, normal (0.87, 0.50), bounced true
	// score: 60 after 87 ticks
}

// ExampleReflect bounces a velocity off a 45° slope that faces up-left.
func ExampleReflect() {
	down := physics.Vec{X: 0, Y: 300}
	slope := physics.Vec{X: -1, Y: -1} // normalised by Reflect
	v := physics.Reflect(down, slope)
	fmt.Printf("(%.1f, %.1f)\n", v.X, v.Y)
	// Output:
	// (-300.0, 0.0)
}

// Collision layers of ExampleContactStarted.
const (
	Walls physics.Layers = 1 << iota
	Balls
	Ghosts
)

// ExampleContactStarted reacts to contact events instead of scanning
// Contacts, and puts a ghost ball on a layer that only meets balls: it
// crosses the wall, never tested against it.
func ExampleContactStarted() {
	app := glue.NewApp()
	app.AddStagesAfter(glue.Update, Physics, Rules)
	app.AddPlugins(physics.Plugin{Stage: Physics})
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 100, Y: 50}}, physics.Collider{Shape: physics.Rect(4, 100), Layers: Walls}, physics.Static{})
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 80, Y: 20}, Vel: physics.Vec{X: 300}},
			physics.Collider{Shape: physics.Circle(3), Layers: Balls}, physics.Bouncy{})
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 80, Y: 80}, Vel: physics.Vec{X: 300}},
			physics.Collider{Shape: physics.Circle(3), Layers: Ghosts, Mask: Balls}, physics.Bouncy{})
	}))
	app.AddSystems(Rules, glue.Func(func(p struct {
		Started glue.Reader[physics.ContactStarted]
		Ended   glue.Reader[physics.ContactEnded]
		Bodies  glue.Query1[*physics.Body]
		Tick    glue.Local[int]
	}) {
		*p.Tick.Get()++
		for _, c := range p.Started.Read() {
			b, _ := p.Bodies.Get(c.A)
			fmt.Printf("tick %d: started, ball at y %.0f bounced %v\n", *p.Tick.Get(), b.Pos.Y, c.Bounced)
		}
		for range p.Ended.Read() {
			fmt.Printf("tick %d: ended\n", *p.Tick.Get())
		}
	}))
	defer app.Close()
	for range 10 {
		_ = app.Update()
	}
	// Output:
	// tick 4: started, ball at y 20 bounced true
	// tick 5: ended
}

// ExampleBody_Pose reads a body's pose, as a renderer or
// transform.Follow does.
func ExampleBody_Pose() {
	b := physics.Body{Pos: physics.Vec{X: 12, Y: 34}}
	x, y, rot := b.Pose()
	fmt.Println(x, y, rot)
	// Output:
	// 12 34 0
}

// ExamplePlace carries a sensor on a ship through the transform
// hierarchy: the sensor's body goes where the ship takes it, and physics
// reports its contact with a wall. No system copies positions.
func ExamplePlace() {
	type Ship struct{}
	const (
		Physics glue.Stage = "Physics"
		Rules   glue.Stage = "Rules"
	)
	app := glue.NewApp()
	app.AddStagesAfter(glue.Update, Physics, Rules)
	app.AddPlugins(transform.Plugin{},
		physics.Plugin{Stage: Physics, Place: physics.Place[transform.GlobalTransform]()})
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 60, Y: 50}}, physics.Collider{Shape: physics.Rect(4, 100)}, physics.Static{})
		ship := cmds.Spawn(Ship{}, transform.At(0, 50))
		cmds.Spawn(transform.At(20, 0), transform.ChildOf{Parent: ship},
			physics.Body{}, physics.Collider{Shape: physics.Circle(2), Sensor: true})
	}))
	app.AddSystems(glue.Update, glue.Each2(func(_ glue.Entity, _ *Ship, t *transform.Transform) { t.X += 10 }))
	app.AddSystems(Rules, glue.Func(func(p struct {
		Started glue.Reader[physics.ContactStarted]
		Sensors glue.Query2[*physics.Body, *transform.ChildOf]
		Ships   glue.Query2[*Ship, *transform.Transform]
		Tick    glue.Local[int]
	}) {
		*p.Tick.Get()++
		for _, c := range p.Started.Read() {
			sensor, _, ok := p.Sensors.Get(c.A)
			if !ok {
				sensor, _, _ = p.Sensors.Get(c.B)
			}
			p.Ships.Each(func(_ glue.Entity, _ *Ship, t *transform.Transform) {
				fmt.Printf("tick %d: the sensor touches the wall at x %.0f; the ship is at x %.0f\n", *p.Tick.Get(), sensor.Pos.X, t.X)
			})
		}
	}))
	defer app.Close()
	for range 6 {
		if err := app.Update(); err != nil {
			fmt.Println(err)
		}
	}
	// The sensor is 20 to the right of where the ship was when transform
	// last propagated poses, at the end of the previous tick.

	// Output:
	// tick 5: the sensor touches the wall at x 60; the ship is at x 50
}
