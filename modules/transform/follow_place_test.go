package transform_test

import (
	"math"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
	"github.com/gluekit/glue/modules/timer"
	"github.com/gluekit/glue/modules/transform"
)

// TestFollowAndPlaceCarryAChildHitbox: a ship whose Transform follows
// its body (Follow) carries a child hitbox whose body goes where the
// hierarchy takes it (Place, given the children as Follow's doc says).
// Follow copied the child's body pose, a world position, into its
// relative Transform, so the hitbox drifted away from the ship.
func TestFollowAndPlaceCarryAChildHitbox(t *testing.T) {
	app := glue.NewApp()
	follow := transform.Follow[physics.Body]().After(physics.StepSystem)
	app.AddSystems(glue.PostUpdate, follow)
	app.AddPlugins(timer.Plugin{}, transform.Plugin{After: []glue.Target{follow}},
		physics.Plugin{Place: physics.Place[transform.GlobalTransform]().With(glue.TypeOf[transform.ChildOf]())})
	var ship, hit glue.Entity
	app.AddStartup(glue.Func(func(c glue.Commands) {
		ship = c.Spawn(physics.Body{Vel: physics.Vec{X: 60}}, transform.At(0, 0), physics.Collider{Shape: physics.Rect(10, 10)})
		hit = c.Spawn(transform.At(20, 0), transform.ChildOf{Parent: ship}, physics.Body{}, physics.Collider{Shape: physics.Circle(3), Sensor: true})
	}))
	defer app.Close()
	for range 60 {
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	get := func(e glue.Entity, ty glue.Type) any { v, _ := app.Component(e, ty); return v }
	s := get(ship, glue.TypeOf[physics.Body]()).(physics.Body).Pos
	h := get(hit, glue.TypeOf[physics.Body]()).(physics.Body).Pos
	local := get(hit, glue.TypeOf[transform.Transform]()).(transform.Transform)
	gx, _ := get(hit, glue.TypeOf[transform.GlobalTransform]()).(transform.GlobalTransform).Position()
	if math.Abs(s.X-60) > 1e-9 {
		t.Errorf("ship at %v after 1 s at 60 px/s; want x 60", s)
	}
	if local.X != 20 || local.Y != 0 || math.Abs(gx-(s.X+20)) > 1e-9 {
		t.Errorf("hitbox Transform (%v, %v), global x %v; want (20, 0), ship + 20 = %v", local.X, local.Y, gx, s.X+20)
	}
	if math.Abs(h.X-(s.X+20)) > 1+1e-9 { // placed at the previous tick's pose
		t.Errorf("hitbox body at %v; want within a tick (1 px) of ship + 20 = %v", h, s.X+20)
	}
}
