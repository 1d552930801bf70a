package transform_test

import (
	"fmt"
	"math"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/transform"
)

// Tank and Turret are game components.
type (
	Tank   struct{}
	Turret struct{}
)

// Example links a turret to its tank and reads the turret's world pose
// after the tank turned: the plugin propagates poses in glue.PostUpdate.
func Example() {
	app := glue.NewApp()
	app.AddPlugins(transform.Plugin{})
	// Spawn returns the tank at once: its turret, 10 px ahead of the
	// tank's centre, is linked to it in the same system.
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		tank := cmds.Spawn(Tank{}, transform.At(100, 100))
		cmds.Spawn(Turret{}, transform.At(10, 0), transform.ChildOf{Parent: tank})
	}))
	// The tank turns a quarter turn clockwise (y grows downwards).
	app.AddSystems(glue.Update, glue.Each2(func(_ glue.Entity, _ *Tank, t *transform.Transform) {
		t.Rotation = math.Pi / 2
	}).Named("turn"))
	app.AddSystems(glue.Last, glue.Each2(func(_ glue.Entity, _ *Turret, g *transform.GlobalTransform) {
		x, y, rot := g.Pose()
		fmt.Printf("turret at (%.0f, %.0f) facing %.0f°\n", x, y, rot*180/math.Pi)
	}))
	defer app.Close()
	for range 2 {
		_ = app.Update()
	}
	// Output:
	// turret at (100, 110) facing 90°
	// turret at (100, 110) facing 90°
}

// ExampleAffine_Then composes a child's local map with its parent's world
// map, as the propagation does.
func ExampleAffine_Then() {
	parent := transform.At(50, 0)
	parent.ScaleX, parent.ScaleY = 2, 2
	child := transform.At(5, 5)
	x, y := child.Affine().Then(parent.Affine()).Apply(0, 0)
	fmt.Println(x, y)
	// Output:
	// 60 10
}

// Carrier is the example's ship; its escorts are its children.
type Carrier struct{}

// ExampleDespawnRecursive despawns a ship and its escorts in one stage.
func ExampleDespawnRecursive() {
	app := glue.NewApp()
	app.AddPlugins(transform.Plugin{})
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(Carrier{}, transform.At(0, 0))
	}).Priority(0))
	app.AddStartup(glue.Func(func(p struct {
		Ships glue.Query1[*Carrier]
		Cmds  glue.Commands
	}) {
		ship, _, _ := p.Ships.First()
		for i := range 3 {
			p.Cmds.Spawn(transform.At(float64(i)*10, 20), transform.ChildOf{Parent: ship})
		}
		p.Cmds.Spawn(transform.At(99, 99)) // not an escort
	}).Priority(1))
	app.AddSystems(glue.Update, glue.Func(func(p struct {
		Ships glue.Query1[*Carrier]
		Links glue.Query1[transform.ChildOf]
		Cmds  glue.Commands
	}) {
		if ship, _, ok := p.Ships.First(); ok {
			transform.DespawnRecursive(p.Cmds, p.Links, ship)
		}
	}))
	app.AddSystems(glue.PostUpdate, glue.Func(func(q glue.Query1[*transform.Transform]) {
		fmt.Println("entities with a Transform after Update:", q.Len())
	}))
	defer app.Close()
	_ = app.Update()
	// Output:
	// entities with a Transform after Update: 1
}

// Label is the example's text that follows a ball.
type Label struct{ Text string }

// ExampleFollow makes a label follow a physics body: the body's pose is
// copied into its Transform after the physics step, and the label, its
// child, is propagated after that, in the same stage.
func ExampleFollow() {
	app := glue.NewApp()
	follow := transform.Follow[physics.Body]().After(physics.StepSystem)
	app.AddPlugins(physics.Plugin{}, transform.Plugin{After: []glue.Target{follow}})
	app.AddSystems(glue.PostUpdate, follow)
	app.AddStartup(glue.Func(func(cmds glue.Commands) {
		cmds.Spawn(physics.Body{Pos: physics.Vec{X: 10, Y: 10}, Vel: physics.Vec{X: 60}}, transform.At(10, 10))
	}).Priority(0))
	app.AddStartup(glue.Func(func(p struct {
		Bodies glue.Query1[*physics.Body]
		Cmds   glue.Commands
	}) {
		ball, _, _ := p.Bodies.First()
		p.Cmds.Spawn(Label{"ball"}, transform.At(0, -8), transform.ChildOf{Parent: ball})
	}).Priority(1))
	app.AddSystems(glue.Last, glue.Each2(func(_ glue.Entity, l *Label, g *transform.GlobalTransform) {
		x, y := g.Position()
		fmt.Printf("%s label at (%.0f, %.0f)\n", l.Text, x, y)
	}))
	defer app.Close()
	for range 3 {
		_ = app.Update()
	}
	// Output:
	// ball label at (11, 2)
	// ball label at (12, 2)
	// ball label at (13, 2)
}
