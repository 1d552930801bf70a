package physics_test

import (
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
)

// anchor is a game's pose component for Place.
type anchor struct{ X, Y float64 }

func (a anchor) Pose() (x, y, rotation float64) { return a.X, a.Y, 0 }

// Place moves kinematic bodies to their pose, after their velocity and
// before their shapes are tracked (a contact is reported at the placed
// position in the same step), and leaves Bouncy and Static bodies alone.
func TestPlaceMovesKinematicBodiesOnly(t *testing.T) {
	for _, opts := range []glue.Options{{Sequential: true}, {}} {
		s := newSim(t, physics.Plugin{Place: physics.Place[anchor]()}, opts)
		s.spawn("sensor", anchor{X: 200, Y: 10}, physics.Body{Vel: physics.Vec{X: 600}},
			physics.Collider{Shape: physics.Circle(2), Sensor: true})
		s.spawn("ball", anchor{X: 300, Y: 300}, physics.Body{Pos: physics.Vec{X: 5, Y: 5}},
			physics.Collider{Shape: physics.Circle(2)}, physics.Bouncy{})
		s.spawn("wall", anchor{X: 400, Y: 400}, physics.Body{Pos: physics.Vec{X: 200, Y: 10}},
			physics.Collider{Shape: physics.Rect(4, 4)}, physics.Static{})
		s.tick(1)
		if got := s.body("sensor").Pos; got != (physics.Vec{X: 200, Y: 10}) {
			t.Errorf("kinematic body at %v, want its anchor (200,10), not moved by its velocity", got)
		}
		if got := s.body("ball").Pos; got != (physics.Vec{X: 5, Y: 5}) {
			t.Errorf("bouncy body at %v, want (5,5): Place must not move bouncy bodies", got)
		}
		if got := s.body("wall").Pos; got != (physics.Vec{X: 200, Y: 10}) {
			t.Errorf("static body at %v, want (200,10): Place must not move static bodies", got)
		}
		touched := false
		for _, c := range s.contacts {
			if n := s.nameOf(c.A) + "/" + s.nameOf(c.B); n == "sensor/wall" || n == "wall/sensor" {
				touched = true
			}
		}
		if !touched {
			t.Errorf("contacts %v: the placed sensor's contact with the wall was not reported in the same step (its shape was not tracked after Place)", s.contacts)
		}
	}
}
