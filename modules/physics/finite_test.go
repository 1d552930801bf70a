package physics_test

import (
	"math"
	"strings"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/physics"
)

// TestNonFiniteMotionFailsTheTick: a NaN or infinite velocity (or
// position set by the game) moved a kinematic, Character or Bouncy body
// to NaN or +Inf, silently, through the floor; it fails the tick naming
// the entity, and the body is not moved.
func TestNonFiniteMotionFailsTheTick(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for _, c := range []struct {
		name   string
		body   physics.Body
		marker []any
	}{
		{"kinematic, NaN velocity", physics.Body{Vel: physics.Vec{X: nan}}, nil},
		{"kinematic, infinite velocity", physics.Body{Vel: physics.Vec{Y: inf}}, nil},
		{"character, NaN velocity", physics.Body{Vel: physics.Vec{X: nan}}, []any{physics.Character{}}},
		{"character, infinite velocity", physics.Body{Vel: physics.Vec{Y: inf}}, []any{physics.Character{}}},
		{"bouncy, NaN velocity", physics.Body{Vel: physics.Vec{X: nan, Y: 10}}, []any{physics.Bouncy{}}},
		{"bouncy, infinite velocity", physics.Body{Vel: physics.Vec{Y: inf}}, []any{physics.Bouncy{}}},
	} {
		app := glue.NewApp()
		app.AddPlugins(physics.Plugin{})
		var e glue.Entity
		app.AddStartup(glue.Func(func(cmds glue.Commands) {
			cmds.Spawn(physics.Body{Pos: physics.Vec{Y: 30}}, physics.Collider{Shape: physics.Rect(100, 10)}, physics.Static{})
			e = cmds.Spawn(append([]any{c.body, physics.Collider{Shape: physics.Rect(10, 10)}}, c.marker...)...)
		}))
		err := app.Update()
		if err == nil || !strings.Contains(err.Error(), "physics: "+e.String()+" is at") || !strings.Contains(err.Error(), "not finite") {
			t.Errorf("%s: Update: %v; want an error naming %v and saying its motion is not finite", c.name, err, e)
		}
		if b, _ := app.Component(e, glue.TypeOf[physics.Body]()); b != nil && b.(physics.Body).Pos != (physics.Vec{}) {
			t.Errorf("%s: the body moved to %v", c.name, b.(physics.Body).Pos)
		}
		app.Close()
	}
}

// TestPluginOptionsAreValidated: a NaN or negative Delta, a negative
// MaxStep or CellSize were accepted silently (a body moved backwards, or
// to NaN); each is a build error naming the option.
func TestPluginOptionsAreValidated(t *testing.T) {
	for _, c := range []struct {
		p    physics.Plugin
		want string
	}{
		{physics.Plugin{Delta: math.NaN()}, "physics: Plugin.Delta must be a finite number of seconds > 0"},
		{physics.Plugin{Delta: -1}, "physics: Plugin.Delta must be"},
		{physics.Plugin{Delta: math.Inf(1)}, "physics: Plugin.Delta must be"},
		{physics.Plugin{MaxStep: -2}, "physics: Plugin.MaxStep must be a finite number of pixels > 0"},
		{physics.Plugin{MaxStep: math.NaN()}, "physics: Plugin.MaxStep must be"},
		{physics.Plugin{CellSize: -3}, "physics: Plugin.CellSize must be positive (or zero for 32), got -3"},
		// It moved the bodies once a frame, silently (30 Nov).
		{physics.Plugin{Stage: glue.Draw}, "writes resource physics.Space in stage Draw, a draw stage"},
	} {
		app := glue.NewApp()
		app.AddPlugins(c.p)
		if err := app.Build(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: Build: %v; want %q", c.p, err, c.want)
		}
		app.Close()
	}
}

// TestPlaceLeavesCharacters: Place moves kinematic bodies, and the
// package defines kinematic as neither Static, Bouncy nor Character; it
// moved Characters too, pinning a top-down character that has a pose
// to it.
func TestPlaceLeavesCharacters(t *testing.T) {
	s := newSim(t, physics.Plugin{Place: physics.Place[anchor]()}, glue.Options{})
	s.spawn("hero", anchor{}, physics.Body{Vel: physics.Vec{X: 60}},
		physics.Collider{Shape: physics.Rect(10, 10)}, physics.Character{TopDown: true})
	s.tick(60)
	if got := s.body("hero").Pos; math.Abs(got.X-60) > 1e-6 || got.Y != 0 {
		t.Errorf("character at %v after 1 s at 60 px/s; want (60, 0), moved by its velocity, not placed", got)
	}
}
