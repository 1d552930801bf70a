package input_test

import (
	"fmt"
	"testing"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/modules/input"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestTakePointer: a system in PreUpdate that takes the pointer (a modal
// menu) leaves the game a pointer that stands still where it last saw
// it, with no press, and an aim stick that keeps its value; the next
// tick without a take shows the pointer where it is.
func TestTakePointer(t *testing.T) {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true})
	take := false
	var seenByMenu []input.Pointer
	app.AddSystems(glue.PreUpdate, glue.Func(func(in glue.ResMut[input.State]) {
		seenByMenu = append(seenByMenu, in.Get().Pointer)
		if take {
			in.Get().TakePointer()
		}
	}).After(input.MapSystem))
	var game input.Pointer
	var aimX, aimY float64
	fired, taken := 0, false
	app.AddSystems(glue.Update, glue.Func(func(in glue.Res[input.State]) {
		s := in.Get()
		game = s.Pointer
		aimX, aimY = s.Stick(input.AimStick)
		taken = s.PointerTaken()
		if s.Pressed(input.Primary) {
			fired++
		}
	}))
	defer app.Close()
	glue.Resource[input.Origins](app).Points[input.AimStick] = input.Point{X: 100, Y: 100}
	dev := glue.Resource[input.Devices](app)
	tick := func() {
		t.Helper()
		if err := app.Update(); err != nil {
			t.Fatal(err)
		}
	}
	dev.Cursor = input.Point{X: 150, Y: 100} // aim right
	tick()
	tick()
	if aimX != 1 || aimY != 0 || game.X != 150 {
		t.Fatalf("before the take: pointer %+v, aim (%v, %v); want x 150, aim (1, 0)", game, aimX, aimY)
	}

	take = true
	for i := range 5 {
		dev.Cursor = input.Point{X: 100, Y: float64(150 + 10*i)} // aim down, moving
		dev.Buttons[ebiten.MouseButtonLeft] = i >= 2
		tick()
		if game.X != 150 || game.Y != 100 || game.Moved || game.Down || game.Pressed || game.Released {
			t.Errorf("taken, tick %d: the game saw the pointer %+v; want it still at (150, 100), up", i, game)
		}
		if aimX != 1 || aimY != 0 {
			t.Errorf("taken, tick %d: the aim stick moved to (%v, %v); want (1, 0)", i, aimX, aimY)
		}
		if !taken {
			t.Errorf("taken, tick %d: PointerTaken is false", i)
		}
		if m := seenByMenu[len(seenByMenu)-1]; m.X != 100 || m.Y != float64(150+10*i) || !m.Moved {
			t.Errorf("taken, tick %d: the menu saw %+v; want the real pointer, moving", i, m)
		}
	}
	if fired != 0 {
		t.Errorf("a click while the pointer was taken fired Primary %d times", fired)
	}

	take = false // the modal menu closes while the button is still down
	tick()
	if game.X != 100 || game.Y != 190 || game.Moved || game.Down || game.Pressed || fired != 0 || taken {
		t.Errorf("after the take, still held: pointer %+v, fired %d, taken %v; want (100, 190), not moved since the last tick, its press hidden until released", game, fired, taken)
	}
	if aimX != 0 || aimY != 1 {
		t.Errorf("after the take: aim (%v, %v), want (0, 1)", aimX, aimY)
	}
	dev.Buttons[ebiten.MouseButtonLeft] = false
	tick()
	dev.Buttons[ebiten.MouseButtonLeft] = true
	tick()
	if !game.Pressed || fired != 1 {
		t.Errorf("a new click after the take: pointer %+v, fired %d; want pressed, fired once", game, fired)
	}
}

// ExampleState_TakePointer is what a modal menu does: a system after
// input.MapSystem reads the pointer and takes it, and the game's
// systems see a pointer that stands still.
func ExampleState_TakePointer() {
	app := glue.NewApp()
	app.AddPlugins(input.Plugin{Headless: true})
	app.AddSystems(glue.PreUpdate, glue.Func(func(in glue.ResMut[input.State]) {
		fmt.Printf("the menu sees x %v; ", in.Get().Pointer.X)
		in.Get().TakePointer()
	}).After(input.MapSystem))
	app.AddSystems(glue.Update, glue.Func(func(in glue.Res[input.State]) {
		p := in.Get().Pointer
		fmt.Printf("the game sees x %v, moved %v\n", p.X, p.Moved)
	}))
	defer app.Close()

	dev := glue.Resource[input.Devices](app)
	for _, x := range []float64{10, 20, 30} {
		dev.Cursor.X = x
		app.Update()
	}
	// Output:
	// the menu sees x 10; the game sees x 0, moved false
	// the menu sees x 20; the game sees x 0, moved false
	// the menu sees x 30; the game sees x 0, moved false
}
